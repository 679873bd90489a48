package dev.tictactoe.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.lobby.Enqueued.Refusal;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

class MatchQueueTest {

    private static final long T0 =
            Long.MAX_VALUE - 5_000_000_000L; // differences must survive overflow
    private static final long SECOND = 1_000_000_000L;
    private static final MatchKey CLASSIC = MatchKey.of(3, null, null);
    private static final MatchKey GOMOKU_BLITZ = MatchKey.of(15, 5, "3m+2s");

    private final List<MatchEvent> heard = Collections.synchronizedList(new ArrayList<>());
    private final MatchQueue queue =
            new MatchQueue(
                    MatchQueue.DEFAULT_WAIT,
                    MatchQueue.DEFAULT_MAX_WAITING,
                    new SplittableRandom(16),
                    heard::add);

    private static Ticket ticket(String id, MatchKey key) {
        return Ticket.of(id(id), "p-" + id, "name " + id, key);
    }

    /** A ticket id long enough to be valid, recognisable by its short name. */
    private static String id(String name) {
        return name + "-".repeat(Ticket.MIN_TICKET_LENGTH - name.length());
    }

    private static Set<Ticket> seated(MatchEvent.Paired pairing) {
        return Set.of(pairing.x(), pairing.o());
    }

    @Test
    void theDefaultsAreNamed() {
        assertThat(MatchQueue.DEFAULT_WAIT).isEqualTo(Duration.ofSeconds(30));
        assertThat(MatchQueue.DEFAULT_BOT_AFTER).isEqualTo(Duration.ofSeconds(10));
        assertThat(MatchQueue.DEFAULT_MAX_WAITING).isEqualTo(10_000);
    }

    @Test
    void aTicketWaitsUntilSomeoneWithTheSameSettingsArrives() {
        Ticket a = ticket("a", CLASSIC);
        Ticket b = ticket("b", GOMOKU_BLITZ);
        Ticket c = ticket("c", CLASSIC);

        assertThat(queue.enqueue(a, T0))
                .isEqualTo(new Enqueued.Queued(new Enqueued.Waiting(a, 1, 1, 1, Duration.ZERO)));
        assertThat(queue.enqueue(b, T0 + SECOND))
                .isEqualTo(new Enqueued.Queued(new Enqueued.Waiting(b, 1, 1, 2, Duration.ZERO)));
        Enqueued paired = queue.enqueue(c, T0 + 2 * SECOND);

        assertThat(paired)
                .isInstanceOfSatisfying(
                        MatchEvent.Paired.class,
                        p -> {
                            assertThat(p.key()).isEqualTo(CLASSIC);
                            assertThat(seated(p)).containsExactlyInAnyOrder(a, c);
                            assertThat(p.in(Mark.X)).isEqualTo(p.x());
                        });
        assertThat(heard).containsExactly((MatchEvent) paired);
        assertThat(queue.size()).isEqualTo(1);
        assertThat(queue.size(CLASSIC)).isZero();
        assertThat(queue.size(GOMOKU_BLITZ)).isEqualTo(1);
    }

    @Test
    void differentTimeControlsOrBoardsDoNotMeet() {
        List<MatchKey> keys =
                List.of(
                        MatchKey.of(15, 5, null),
                        MatchKey.of(15, 5, "3m+2s"),
                        MatchKey.of(15, 5, "3m+3s"),
                        MatchKey.of(15, 5, "3m+2s,20s/move"),
                        MatchKey.of(15, 4, "3m+2s"),
                        MatchKey.of(14, 5, "3m+2s"));
        for (int i = 0; i < keys.size(); i++) {
            assertThat(queue.enqueue(ticket("t" + i, keys.get(i)), T0))
                    .isInstanceOf(Enqueued.Queued.class);
        }
        assertThat(queue.size()).isEqualTo(keys.size());
        // The same settings written differently are the same settings.
        assertThat(queue.enqueue(ticket("late", MatchKey.of(15, null, "180s+2000ms")), T0))
                .isInstanceOf(MatchEvent.Paired.class);
    }

    @Test
    void arrivalsArePairedFirstComeFirstPairedPerKey() {
        // A seeded shuffle of arrivals over four keys: each pairing joins the two oldest of a key.
        List<MatchKey> keys =
                List.of(
                        CLASSIC,
                        GOMOKU_BLITZ,
                        MatchKey.of(4, null, null),
                        MatchKey.of(3, null, "20s/move"));
        List<Ticket> arrivals = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            arrivals.add(ticket("t" + i, keys.get(i % keys.size())));
        }
        Collections.shuffle(arrivals, new java.util.Random(7));
        Map<MatchKey, List<Ticket>> order = new HashMap<>();
        List<MatchEvent.Paired> pairings = new ArrayList<>();
        long now = T0;
        for (Ticket t : arrivals) {
            order.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(t);
            if (queue.enqueue(t, now += 1_000) instanceof MatchEvent.Paired p) {
                pairings.add(p);
            }
        }
        assertThat(pairings).hasSize(200);
        Map<MatchKey, Integer> seen = new HashMap<>();
        for (MatchEvent.Paired p : pairings) {
            int n = seen.merge(p.key(), 1, Integer::sum) - 1;
            List<Ticket> ofKey = order.get(p.key());
            assertThat(seated(p)).containsExactlyInAnyOrder(ofKey.get(2 * n), ofKey.get(2 * n + 1));
        }
        assertThat(queue.size()).isZero();
    }

    @Test
    void seatsAreDrawnFromTheSeededGeneratorSoBothSidesGetX() {
        List<Boolean> olderIsX = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            Ticket older = ticket("a" + i, CLASSIC);
            queue.enqueue(older, T0);
            MatchEvent.Paired p = (MatchEvent.Paired) queue.enqueue(ticket("b" + i, CLASSIC), T0);
            olderIsX.add(p.x() == older);
        }
        long count = olderIsX.stream().filter(x -> x).count();
        assertThat(count).isBetween(450L, 550L);

        // The same seed replays the same draws.
        MatchQueue replay =
                new MatchQueue(MatchQueue.DEFAULT_WAIT, 10, new SplittableRandom(16), e -> {});
        for (int i = 0; i < 1_000; i++) {
            Ticket older = ticket("a" + i, CLASSIC);
            replay.enqueue(older, T0);
            MatchEvent.Paired p = (MatchEvent.Paired) replay.enqueue(ticket("b" + i, CLASSIC), T0);
            assertThat(p.x() == older).isEqualTo(olderIsX.get(i));
        }
    }

    @Test
    void twoHundredConcurrentArrivalsMakeAHundredPairsWithNobodyTwiceAndNobodyLeft()
            throws Exception {
        int threads = 8;
        int tickets = 200;
        List<MatchKey> keys = List.of(CLASSIC, GOMOKU_BLITZ);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<MatchEvent.Paired> returned = Collections.synchronizedList(new ArrayList<>());
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                done.add(
                        pool.submit(
                                () -> {
                                    go.await();
                                    for (int i = first; i < tickets; i += threads) {
                                        if (queue.enqueue(ticket("t" + i, keys.get(i % 2)), T0 + i)
                                                instanceof MatchEvent.Paired p) {
                                            returned.add(p);
                                        }
                                    }
                                    return null;
                                }));
            }
            go.countDown();
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(returned).hasSize(tickets / 2);
        assertThat(heard).hasSize(tickets / 2).containsExactlyInAnyOrderElementsOf(returned);
        Set<String> ids = new HashSet<>();
        for (MatchEvent.Paired p : returned) {
            assertThat(p.x().key()).isEqualTo(p.key());
            assertThat(p.o().key()).isEqualTo(p.key());
            assertThat(ids.add(p.x().id())).isTrue();
            assertThat(ids.add(p.o().id())).isTrue();
        }
        assertThat(ids).hasSize(tickets);
        assertThat(queue.size()).isZero();
        assertThat(queue.nextDeadline()).isEmpty();
    }

    @Test
    void aCancelledTicketLeavesAndIsNotPaired() {
        Ticket a = ticket("a", CLASSIC);
        Ticket b = ticket("b", CLASSIC);
        Ticket c = ticket("c", CLASSIC);
        queue.enqueue(a, T0);
        assertThat(queue.cancel(id("a"))).isTrue();
        assertThat(queue.cancel(id("a"))).isFalse();
        assertThat(queue.cancel(id("nobody"))).isFalse();
        assertThat(heard).containsExactly(new MatchEvent.Cancelled(a));
        assertThat(queue.status(id("a"), T0)).isEmpty();

        assertThat(queue.enqueue(b, T0 + 1)).isInstanceOf(Enqueued.Queued.class);
        MatchEvent.Paired p = (MatchEvent.Paired) queue.enqueue(c, T0 + 2);
        assertThat(seated(p)).containsExactlyInAnyOrder(b, c);
        assertThat(queue.cancel(id("b"))).isFalse(); // too late: already paired
    }

    @Test
    void aPlayerHoldsOneTicketAtATime() {
        Ticket first = Ticket.of(id("t1"), "ana", "ana", CLASSIC);
        Ticket second = Ticket.of(id("t2"), "ana", "ana", GOMOKU_BLITZ);
        Ticket sameSettings = Ticket.of(id("t3"), "ana", "ana", CLASSIC);
        queue.enqueue(first, T0);

        assertThat(queue.enqueue(second, T0))
                .isInstanceOfSatisfying(
                        Enqueued.Refused.class,
                        r -> assertThat(r.reason()).isEqualTo(Refusal.ALREADY_QUEUED));
        // Not even with the same settings: a player is never paired with itself.
        assertThat(queue.enqueue(sameSettings, T0)).isInstanceOf(Enqueued.Refused.class);
        assertThat(queue.size()).isEqualTo(1);
        assertThat(Refusal.ALREADY_QUEUED.wire()).isEqualTo("match_already_queued");

        queue.cancel(id("t1"));
        assertThat(queue.enqueue(second, T0)).isInstanceOf(Enqueued.Queued.class);
        queue.enqueue(ticket("bo", GOMOKU_BLITZ), T0);
        assertThat(queue.enqueue(sameSettings, T0))
                .isInstanceOf(Enqueued.Queued.class); // paired: free again
    }

    @Test
    void aTicketIdInUseIsRefused() {
        queue.enqueue(ticket("a", CLASSIC), T0);
        assertThat(queue.enqueue(Ticket.of(id("a"), "other", "other", GOMOKU_BLITZ), T0))
                .isInstanceOfSatisfying(
                        Enqueued.Refused.class,
                        r -> assertThat(r.reason()).isEqualTo(Refusal.TICKET_IN_USE));
        assertThat(Refusal.TICKET_IN_USE.wire()).isEqualTo("match_ticket_in_use");
        assertThat(queue.size()).isEqualTo(1);
    }

    @Test
    void aBotTakesTheSeatAfterTheDelayExactly() {
        Ticket a = ticket("a", CLASSIC).withBot(Level.HARD, Duration.ofSeconds(10));
        Ticket b = ticket("b", CLASSIC);
        queue.enqueue(a, T0);
        assertThat(queue.nextDeadline()).hasValue(T0 + 10 * SECOND);
        assertThat(queue.expireBotFill(T0 + 10 * SECOND - 1)).isEmpty();

        List<MatchEvent.BotFilled> filled = queue.expireBotFill(T0 + 10 * SECOND);

        assertThat(filled)
                .singleElement()
                .satisfies(
                        f -> {
                            assertThat(f.ticket()).isEqualTo(a);
                            assertThat(f.seat()).isNotNull();
                        });
        assertThat(heard).containsExactlyElementsOf(filled);
        assertThat(queue.size()).isZero();
        assertThat(queue.enqueue(b, T0 + 11 * SECOND)).isInstanceOf(Enqueued.Queued.class);
    }

    @Test
    void botFillsComeInOrderOfTheirDelaysAndOnlyForThoseWhoAsked() {
        Ticket slow = ticket("slow", CLASSIC).withBot(Level.EASY, Duration.ofSeconds(20));
        Ticket fast = ticket("fast", GOMOKU_BLITZ).withBot(Level.PERFECT, Duration.ofSeconds(5));
        Ticket human = ticket("human", MatchKey.of(4, null, null));
        queue.enqueue(slow, T0);
        queue.enqueue(human, T0);
        queue.enqueue(fast, T0 + SECOND);
        assertThat(queue.nextDeadline()).hasValue(T0 + 6 * SECOND);

        assertThat(queue.expireBotFill(T0 + 25 * SECOND))
                .extracting(MatchEvent.BotFilled::ticket)
                .containsExactly(fast, slow);
        assertThat(queue.size()).isEqualTo(1);
        assertThat(queue.nextDeadline()).hasValue(T0 + 30 * SECOND);
    }

    @Test
    void aBotThatWouldComeNoSoonerThanTheTimeoutIsRefused() {
        Ticket late = ticket("a", CLASSIC).withBot(Level.HARD, MatchQueue.DEFAULT_WAIT);
        assertThat(queue.enqueue(late, T0))
                .isInstanceOfSatisfying(
                        Enqueued.Refused.class,
                        r -> assertThat(r.reason()).isEqualTo(Refusal.BOT_AFTER_TOO_LONG));
        assertThat(queue.size()).isZero();
    }

    @Test
    void ticketsTimeOutOldestFirstAtTheWaitLimit() {
        Ticket a = ticket("a", CLASSIC);
        Ticket b = ticket("b", GOMOKU_BLITZ).withBot(Level.HARD, Duration.ofSeconds(29));
        Ticket c = ticket("c", MatchKey.of(5, null, null));
        queue.enqueue(a, T0);
        queue.enqueue(b, T0 + 2 * SECOND);
        queue.enqueue(c, T0 + 3 * SECOND);
        assertThat(queue.nextDeadline()).hasValue(T0 + 30 * SECOND);
        assertThat(queue.timeout(T0 + 30 * SECOND - 1)).isEmpty();

        assertThat(queue.timeout(T0 + 32 * SECOND))
                .containsExactly(new MatchEvent.TimedOut(a), new MatchEvent.TimedOut(b));
        assertThat(queue.expireBotFill(T0 + 32 * SECOND)).isEmpty(); // b has left: no bot for it
        assertThat(queue.nextDeadline()).hasValue(T0 + 33 * SECOND);
        assertThat(queue.timeout(T0 + 33 * SECOND)).containsExactly(new MatchEvent.TimedOut(c));
        assertThat(heard).hasSize(3);
        assertThat(queue.nextDeadline()).isEmpty();
    }

    @Test
    void theQueueHoldsAtMostItsLimitButAPairingAlwaysGoesThrough() {
        MatchQueue small =
                new MatchQueue(MatchQueue.DEFAULT_WAIT, 2, new SplittableRandom(1), heard::add);
        small.enqueue(ticket("a", CLASSIC), T0);
        small.enqueue(ticket("b", GOMOKU_BLITZ), T0);
        assertThat(small.enqueue(ticket("c", MatchKey.of(4, null, null)), T0))
                .isInstanceOfSatisfying(
                        Enqueued.Refused.class,
                        r -> assertThat(r.reason()).isEqualTo(Refusal.QUEUE_FULL));
        assertThat(small.enqueue(ticket("d", CLASSIC), T0)).isInstanceOf(MatchEvent.Paired.class);
        assertThat(Refusal.QUEUE_FULL.wire()).isEqualTo("match_queue_full");
    }

    @Test
    void theStatusSaysWhereATicketStands() {
        queue.enqueue(ticket("a", CLASSIC), T0);
        queue.enqueue(ticket("b", GOMOKU_BLITZ), T0 + SECOND);
        assertThat(queue.status(id("b"), T0 + 4 * SECOND))
                .contains(
                        new Enqueued.Waiting(
                                ticket("b", GOMOKU_BLITZ), 1, 1, 2, Duration.ofSeconds(3)));
        assertThat(queue.status(id("zzz"), T0)).isEmpty();
    }

    @Test
    void aFailingListenerDoesNotStopTheQueue() {
        MatchQueue failing =
                new MatchQueue(
                        MatchQueue.DEFAULT_WAIT,
                        10,
                        new SplittableRandom(1),
                        e -> {
                            throw new IllegalStateException("boom");
                        });
        // The failure is logged as the server bug it is; keep the test output quiet.
        ch.qos.logback.classic.Logger log =
                (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(MatchQueue.class);
        ch.qos.logback.classic.Level before = log.getLevel();
        log.setLevel(ch.qos.logback.classic.Level.OFF);
        try {
            failing.enqueue(ticket("a", CLASSIC), T0);
            assertThat(failing.enqueue(ticket("b", CLASSIC), T0))
                    .isInstanceOf(MatchEvent.Paired.class);
            assertThat(failing.size()).isZero();
        } finally {
            log.setLevel(before);
        }
    }

    @Test
    void drainingEmptiesTheQueueQuietly() {
        queue.enqueue(ticket("a", CLASSIC), T0);
        queue.enqueue(ticket("b", GOMOKU_BLITZ).withBot(Level.EASY, Duration.ofSeconds(5)), T0);
        assertThat(queue.drain()).extracting(Ticket::id).containsExactly(id("a"), id("b"));
        assertThat(queue.size()).isZero();
        assertThat(queue.expireBotFill(T0 + 60 * SECOND)).isEmpty();
        assertThat(heard).isEmpty();
    }

    @Test
    void settingsAreChecked() {
        assertThatThrownBy(() -> new MatchQueue(Duration.ZERO, 1, new SplittableRandom(), e -> {}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () ->
                                new MatchQueue(
                                        MatchQueue.DEFAULT_WAIT,
                                        0,
                                        new SplittableRandom(),
                                        e -> {}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
