package dev.tictactoe.server.lobby;

import static dev.tictactoe.server.lobby.ManualScheduler.SECOND;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.ops.PrometheusText;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/** Requests in, rooms and answers out, on a scheduler and a clock moved by hand. */
class MatchmakerTest {

    private static final MatchKey CLASSIC = MatchKey.of(3, 3, null);
    private static final MatchKey BLITZ = MatchKey.of(15, 5, "3m+2s");

    /** Rooms that open on paper: a code per room, a token per seat, every opening recorded. */
    private static final class PaperRooms implements MatchRooms {
        final List<Map<Seat, Ticket>> opened = new CopyOnWriteArrayList<>();
        final AtomicInteger codes = new AtomicInteger();
        volatile boolean full;

        @Override
        public Opened open(MatchKey key, Map<Seat, Ticket> players) throws RoomRegistry.Full {
            if (full) {
                throw new RoomRegistry.Full("the server holds its maximum of 0 rooms");
            }
            opened.add(Map.copyOf(players));
            String code = "ROOM" + codes.incrementAndGet();
            Map<Seat, String> tokens = new EnumMap<>(Seat.class);
            players.forEach((seat, ticket) -> tokens.put(seat, "tok-" + ticket.player()));
            Seat mine = players.containsKey(Seat.X) ? Seat.X : Seat.O;
            BotLevel bot = players.size() == 1 ? players.get(mine).bot() : null;
            return new Opened(
                    code,
                    tokens,
                    new RoomSettings(
                            key.rules(), mine, Seat.X, true, true, bot, key.timeControl()));
        }
    }

    private final ManualScheduler scheduler = new ManualScheduler();
    private final PaperRooms rooms = new PaperRooms();
    private final ServerMetrics metrics = new ServerMetrics();
    private final Matchmaker matchmaker = matchmaker(10, 7, () -> scheduler.now);

    /** Every answer each ticket heard, by ticket id: exactly one is right. */
    private final Map<String, List<MatchAnswer>> answers = new ConcurrentHashMap<>();

    @AfterEach
    void close() {
        metrics.close();
    }

    private Matchmaker matchmaker(int maxWaiting, long seed, LongSupplier nanoTime) {
        return new Matchmaker(
                new MatchSettings(MatchSettings.DEFAULT_MATCH_WAIT, maxWaiting),
                new SplittableRandom(seed),
                rooms,
                scheduler,
                nanoTime,
                metrics,
                null,
                "A");
    }

    private static Ticket withBot(Ticket ticket, BotLevel level, Duration after) {
        return new Ticket(ticket.id(), ticket.player(), ticket.name(), ticket.key(), level, after);
    }

    private static Ticket ticket(String name, MatchKey key) {
        return Ticket.of(
                name + "-".repeat(Math.max(0, Ticket.MIN_TICKET_LENGTH - name.length())),
                "p-" + name,
                name,
                key);
    }

    private Enqueued submit(Ticket ticket) {
        return submit(matchmaker, ticket);
    }

    private Enqueued submit(Matchmaker to, Ticket ticket) {
        return to.submit(
                        ticket,
                        answer ->
                                answers.computeIfAbsent(
                                                answer.ticket().id(),
                                                id -> new CopyOnWriteArrayList<>())
                                        .add(answer))
                .toCompletableFuture()
                .join();
    }

    private Optional<Enqueued.Waiting> status(String ticketId) {
        return matchmaker.status(ticketId).toCompletableFuture().join();
    }

    private boolean cancel(Matchmaker from, String ticketId) {
        return from.cancel(ticketId).toCompletableFuture().join();
    }

    private MatchAnswer answerOf(Ticket ticket) {
        assertThat(answers.get(ticket.id())).as("answers of %s", ticket.name()).hasSize(1);
        return answers.get(ticket.id()).get(0);
    }

    private double counted(String outcome) {
        return scraped(
                "ttt_match_requests_total", "ttt_match_requests_total", Map.of("outcome", outcome));
    }

    private double scraped(String family, String sample, Map<String, String> labels) {
        return PrometheusText.parse(metrics.scrape()).get(family).value(sample, labels);
    }

    @Test
    void twoRequestsWithTheSameSettingsShareOneRoomInOppositeSeats() {
        Ticket ana = ticket("ana", CLASSIC);
        Ticket bo = ticket("bo", CLASSIC);
        assertThat(submit(ana)).isInstanceOf(Enqueued.Queued.class);
        assertThat(answers).isEmpty();
        scheduler.advanceBy(2 * SECOND);
        assertThat(submit(bo)).isEqualTo(new Enqueued.Paired(ana, "A"));
        assertThat(scheduler.pending()).isZero(); // no timer left while nobody waits

        MatchAnswer.Matched a = (MatchAnswer.Matched) answerOf(ana);
        MatchAnswer.Matched b = (MatchAnswer.Matched) answerOf(bo);
        assertThat(a.code()).isEqualTo(b.code()).isEqualTo("ROOM1");
        assertThat(a.seat()).isEqualTo(b.seat().opponent());
        assertThat(a.token()).isEqualTo("tok-p-ana");
        assertThat(b.token()).isEqualTo("tok-p-bo");
        assertThat(a.opponent()).isEqualTo(new MatchAnswer.Opponent("bo", null));
        assertThat(b.opponent()).isEqualTo(new MatchAnswer.Opponent("ana", null));
        assertThat(rooms.opened)
                .singleElement()
                .satisfies(
                        seats -> {
                            assertThat(seats.get(a.seat())).isEqualTo(ana);
                            assertThat(seats.get(b.seat())).isEqualTo(bo);
                        });
        assertThat(matchmaker.waiting()).isZero();
        assertThat(counted("paired")).isEqualTo(2);
        // Ana waited 2 s for Bo, who was paired on arrival.
        String timeToPair = "ttt_match_time_to_pair_seconds";
        assertThat(scraped(timeToPair, timeToPair + "_count", Map.of())).isEqualTo(2);
        assertThat(scraped(timeToPair, timeToPair + "_sum", Map.of())).isEqualTo(2);
        // Ana's timeout, scheduled while she waited, finds nobody to let go.
        scheduler.advanceBy(60 * SECOND);
        assertThat(answers.get(ana.id())).hasSize(1);
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void differentSettingsDoNotMeetAndEachWaitIsReported() {
        Ticket ana = ticket("ana", CLASSIC);
        Ticket bo = ticket("bo", BLITZ);
        submit(ana);
        scheduler.advanceBy(3 * SECOND);
        submit(bo);
        scheduler.advanceBy(SECOND);
        assertThat(answers).isEmpty();
        assertThat(status(ana.id()))
                .hasValue(new Enqueued.Waiting(ana, 1, 1, 2, Duration.ofSeconds(4)));
        assertThat(status(bo.id()))
                .hasValue(new Enqueued.Waiting(bo, 1, 1, 2, Duration.ofSeconds(1)));
        assertThat(status("nobody-waits-with-this")).isEmpty();
    }

    @Test
    void seatsAreDrawnAtRandomNotByArrival() {
        int firstComerPlaysX = 0;
        for (int i = 0; i < 1_000; i++) {
            Ticket early = ticket("early" + i, CLASSIC);
            submit(early);
            submit(ticket("late" + i, CLASSIC));
            if (((MatchAnswer.Matched) answerOf(early)).seat() == Seat.X) {
                firstComerPlaysX++;
            }
        }
        // The seeded draw gives the first comer X about half the time, never always or never.
        assertThat(firstComerPlaysX).isBetween(450, 550);
    }

    @Test
    void aBotTakesTheOtherSeatWhenNobodyCameInTime() {
        Ticket ana = withBot(ticket("ana", BLITZ), BotLevel.HARD, Duration.ofSeconds(5));
        submit(ana);
        scheduler.advanceBy(5 * SECOND - 1);
        assertThat(answers).isEmpty();

        scheduler.advanceBy(1);
        MatchAnswer.Matched matched = (MatchAnswer.Matched) answerOf(ana);
        assertThat(matched.opponent())
                .isEqualTo(new MatchAnswer.Opponent("bot (hard)", BotLevel.HARD));
        assertThat(matched.settings().bot()).isEqualTo(BotLevel.HARD);
        assertThat(matched.settings().clock()).hasToString("3m+2s");
        assertThat(rooms.opened)
                .singleElement()
                .satisfies(seats -> assertThat(seats).containsOnlyKeys(matched.seat()));
        assertThat(counted("bot")).isEqualTo(1);
        assertThat(matchmaker.waiting()).isZero();
    }

    @Test
    void aPersonArrivingBeforeTheBotWins() {
        Ticket ana = withBot(ticket("ana", CLASSIC), BotLevel.EASY, Duration.ofSeconds(5));
        Ticket bo = ticket("bo", CLASSIC);
        submit(ana);
        scheduler.advanceBy(4 * SECOND);
        submit(bo);
        scheduler.advanceBy(60 * SECOND);
        assertThat(((MatchAnswer.Matched) answerOf(ana)).opponent().name()).isEqualTo("bo");
        assertThat(counted("bot")).isZero();
    }

    @Test
    void nobodyComingEndsTheWaitAtTheLimit() {
        Ticket ana = ticket("ana", CLASSIC);
        submit(ana);
        scheduler.advanceBy(30 * SECOND - 1);
        assertThat(answers).isEmpty();
        scheduler.advanceBy(1);
        assertThat(answerOf(ana)).isEqualTo(new MatchAnswer.TimedOut(ana, Duration.ofSeconds(30)));
        assertThat(counted("timeout")).isEqualTo(1);
        // The same player may ask again at once.
        assertThat(submit(ticket("ana", CLASSIC))).isInstanceOf(Enqueued.Queued.class);
    }

    @Test
    void aCancelledRequestHearsSoOnceAndCannotBeCancelledAgain() {
        Ticket ana = ticket("ana", CLASSIC);
        submit(ana);
        assertThat(cancel(matchmaker, ana.id())).isTrue();
        assertThat(cancel(matchmaker, ana.id())).isFalse();
        assertThat(answerOf(ana)).isEqualTo(new MatchAnswer.Cancelled(ana));
        assertThat(status(ana.id())).isEmpty();
        assertThat(counted("cancelled")).isEqualTo(1);
        // Its place is free: the next one waits instead of pairing with it.
        assertThat(submit(ticket("bo", CLASSIC))).isInstanceOf(Enqueued.Queued.class);
    }

    @Test
    void aCancelAfterThePairingIsTooLateAndTheAnswerStands() {
        Ticket ana = ticket("ana", CLASSIC);
        Ticket bo = ticket("bo", CLASSIC);
        submit(ana);
        submit(bo);
        assertThat(cancel(matchmaker, ana.id())).isFalse();
        assertThat(answerOf(ana)).isInstanceOf(MatchAnswer.Matched.class);
        assertThat(answerOf(bo)).isInstanceOf(MatchAnswer.Matched.class);
    }

    @Test
    void onePlayerHoldsOneTicketAndATicketIdNamesOneRequest() {
        Ticket ana = ticket("ana", CLASSIC);
        submit(ana);
        Ticket again = new Ticket("another-ticket-of-ana", ana.player(), "ana", BLITZ, null, null);
        assertThat(submit(again))
                .isInstanceOfSatisfying(
                        Enqueued.Refused.class,
                        r -> assertThat(r).isEqualTo(Enqueued.Refused.ALREADY_QUEUED));
        Ticket sameId = new Ticket(ana.id(), "p-bo", "bo", BLITZ, null, null);
        assertThat(submit(sameId))
                .isInstanceOfSatisfying(
                        Enqueued.Refused.class,
                        r -> assertThat(r).isEqualTo(Enqueued.Refused.TICKET_IN_USE));
        assertThat(Enqueued.Refused.TICKET_IN_USE.wire()).isEqualTo("match_ticket_in_use");
        assertThat(answers).isEmpty();
        assertThat(counted("refused")).isEqualTo(2);

        // The first request is untouched by both refusals.
        submit(ticket("cy", CLASSIC));
        assertThat(answerOf(ana)).isInstanceOf(MatchAnswer.Matched.class);
    }

    @Test
    void aFullQueueRefusesNewcomers() {
        for (int i = 0; i < 10; i++) {
            submit(ticket("w" + i, MatchKey.of(3 + i, 3, null)));
        }
        assertThat(submit(ticket("late", MatchKey.of(19, 5, null))))
                .isInstanceOfSatisfying(
                        Enqueued.Refused.class,
                        r -> assertThat(r).isEqualTo(Enqueued.Refused.QUEUE_FULL));
        // One who completes a pair never waits, so it is still welcome.
        assertThat(submit(ticket("pair", MatchKey.of(3, 3, null))))
                .isInstanceOf(Enqueued.Paired.class);
    }

    @Test
    void whenNoRoomCanBeOpenedBothHearItAndNothingIsLeftWaiting() {
        rooms.full = true;
        Ticket ana = ticket("ana", CLASSIC);
        Ticket bo = ticket("bo", CLASSIC);
        submit(ana);
        submit(bo);
        assertThat(answerOf(ana)).isInstanceOf(MatchAnswer.Unavailable.class);
        assertThat(answerOf(bo)).isInstanceOf(MatchAnswer.Unavailable.class);
        assertThat(matchmaker.waiting()).isZero();
        assertThat(counted("unavailable")).isEqualTo(2);
    }

    @Test
    void stoppingAnswersEveryWaiterAndFiresNothingLater() {
        Ticket ana = withBot(ticket("ana", CLASSIC), BotLevel.EASY, Duration.ofSeconds(2));
        submit(ana);
        submit(ticket("bo", BLITZ));
        matchmaker.close();
        assertThat(answerOf(ana)).isInstanceOf(MatchAnswer.Unavailable.class);
        assertThat(matchmaker.waiting()).isZero();
        assertThat(status(ana.id())).isEmpty();
        scheduler.advanceBy(60 * SECOND);
        assertThat(answers.get(ana.id())).hasSize(1);
        assertThat(rooms.opened).isEmpty();
    }

    /**
     * Many threads submitting and cancelling at once: every request hears exactly one answer, a
     * cancel succeeds exactly for the requests answered cancelled, and every room holds two
     * different requests that were never cancelled.
     */
    @Test
    void cancelsRacingPairingsNeverLoseOrDoubleAnAnswer() throws Exception {
        Matchmaker big = matchmaker(10_000, 11, () -> 0L);
        int threads = 4;
        int perThread = 500;
        Map<String, Boolean> cancelled = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            done.add(
                    pool.submit(
                            () -> {
                                SplittableRandom random = new SplittableRandom(thread);
                                start.await();
                                for (int i = 0; i < perThread; i++) {
                                    Ticket ticket = ticket("t" + thread + "-" + i, CLASSIC);
                                    submit(big, ticket);
                                    if (random.nextInt(3) == 0) {
                                        cancelled.put(ticket.id(), cancel(big, ticket.id()));
                                    }
                                }
                                return null;
                            }));
        }
        start.countDown();
        for (Future<?> f : done) {
            f.get(30, TimeUnit.SECONDS);
        }
        pool.shutdown();
        // Whoever still waits is let go, so every request has ended.
        big.close();

        assertThat(answers).hasSize(threads * perThread);
        Map<String, Integer> seatsPerRoom = new HashMap<>();
        answers.forEach(
                (id, heard) -> {
                    assertThat(heard).as(id).hasSize(1);
                    MatchAnswer answer = heard.get(0);
                    assertThat(answer instanceof MatchAnswer.Cancelled)
                            .as(id)
                            .isEqualTo(cancelled.getOrDefault(id, false));
                    if (answer instanceof MatchAnswer.Matched m) {
                        seatsPerRoom.merge(m.code(), 1, Integer::sum);
                    }
                });
        assertThat(seatsPerRoom.values()).allMatch(n -> n == 2);
        assertThat(seatsPerRoom).hasSize(rooms.opened.size());
        assertThat(big.waiting()).isZero();
    }

    @Test
    void theDefaultsAreNamedAndTheSettingsChecked() {
        assertThat(MatchSettings.DEFAULT_MATCH_WAIT).isEqualTo(Duration.ofSeconds(30));
        assertThat(Ticket.DEFAULT_BOT_AFTER).isEqualTo(Duration.ofSeconds(10));
        assertThat(MatchSettings.DEFAULT_MATCH_MAX_WAITING).isEqualTo(10_000);
        assertThatThrownBy(() -> new MatchSettings(Duration.ZERO, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MatchSettings(MatchSettings.DEFAULT_MATCH_WAIT, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSameSeedReplaysTheSameSeats() {
        List<Seat> seats = new ArrayList<>();
        for (long seed : new long[] {16, 16}) {
            Matchmaker replay = matchmaker(10, seed, () -> scheduler.now);
            for (int i = 0; i < 100; i++) {
                Ticket older = ticket("a" + seed + "-" + seats.size(), CLASSIC);
                submit(replay, older);
                submit(replay, ticket("b" + seed + "-" + seats.size(), CLASSIC));
                seats.add(((MatchAnswer.Matched) answerOf(older)).seat());
            }
        }
        assertThat(seats.subList(0, 100))
                .isEqualTo(seats.subList(100, 200))
                .contains(Seat.X, Seat.O);
    }

    /** Each ticket has its own timer: a short bot delay comes before an older ticket's timeout. */
    @Test
    void botFillsComeAtTheirOwnDelaysAndOnlyForThoseWhoAsked() {
        Ticket slow = withBot(ticket("slow", CLASSIC), BotLevel.EASY, Duration.ofSeconds(20));
        Ticket fast = withBot(ticket("fast", BLITZ), BotLevel.PERFECT, Duration.ofSeconds(5));
        Ticket human = ticket("human", MatchKey.of(4, 4, null));
        submit(slow);
        submit(human);
        scheduler.advanceBy(SECOND);
        submit(fast);
        assertThat(scheduler.pending()).isEqualTo(3); // one timer per waiting request

        scheduler.advanceBy(5 * SECOND);
        assertThat(answers).containsOnlyKeys(fast.id());
        assertThat(answerOf(fast)).isInstanceOf(MatchAnswer.Matched.class);
        scheduler.advanceBy(14 * SECOND);
        assertThat(answers).containsOnlyKeys(fast.id(), slow.id());
        assertThat(matchmaker.waiting()).isEqualTo(1);
        scheduler.advanceBy(10 * SECOND);
        assertThat(answerOf(human)).isInstanceOf(MatchAnswer.TimedOut.class);
        assertThat(counted("bot")).isEqualTo(2);
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void ticketsTimeOutOldestFirstAtTheWaitLimit() {
        Ticket a = ticket("a", CLASSIC);
        Ticket b = ticket("b", MatchKey.of(5, 5, null));
        submit(a);
        scheduler.advanceBy(3 * SECOND);
        submit(b);
        scheduler.advanceBy(27 * SECOND - 1);
        assertThat(answers).isEmpty();
        scheduler.advanceBy(1);
        assertThat(answers).containsOnlyKeys(a.id());
        scheduler.advanceBy(3 * SECOND);
        assertThat(answerOf(b)).isEqualTo(new MatchAnswer.TimedOut(b, Duration.ofSeconds(30)));
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void aFailingWaiterDoesNotKeepItsPartnerFromItsAnswer() {
        // The failure is logged as the server bug it is; keep the test output quiet.
        ch.qos.logback.classic.Logger log =
                (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(Matchmaker.class);
        ch.qos.logback.classic.Level before = log.getLevel();
        log.setLevel(ch.qos.logback.classic.Level.OFF);
        try {
            matchmaker.submit(
                    ticket("ana", CLASSIC),
                    answer -> {
                        throw new IllegalStateException("boom");
                    });
            Ticket bo = ticket("bo", CLASSIC);
            assertThat(submit(bo)).isInstanceOf(Enqueued.Paired.class);
            assertThat(answerOf(bo)).isInstanceOf(MatchAnswer.Matched.class);
            assertThat(matchmaker.waiting()).isZero();
        } finally {
            log.setLevel(before);
        }
    }
}
