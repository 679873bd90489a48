package dev.tictactoe.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.lobby.Tickets.Claim;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** This node's tickets: first come, first paired per key, one ticket per player. */
class LocalTicketsTest {

    private static final long T0 =
            Long.MAX_VALUE - 5_000_000_000L; // differences must survive overflow
    private static final long SECOND = 1_000_000_000L;
    private static final Duration WAIT = MatchSettings.DEFAULT_MATCH_WAIT;
    private static final MatchKey CLASSIC = MatchKey.of(3, 3, null);
    private static final MatchKey GOMOKU_BLITZ = MatchKey.of(15, 5, "3m+2s");

    private final LocalTickets tickets = new LocalTickets("A");

    private static Ticket ticket(String id, MatchKey key) {
        return Ticket.of(id(id), "p-" + id, "name " + id, key);
    }

    /** A ticket id long enough to be valid, recognisable by its short name. */
    private static String id(String name) {
        return name + "-".repeat(Ticket.MIN_TICKET_LENGTH - name.length());
    }

    private Enqueued enqueue(Ticket ticket, long now) {
        return tickets.enqueue(ticket, true, WAIT, now).toCompletableFuture().join();
    }

    private Claim claim(String name) {
        return tickets.claim(id(name)).toCompletableFuture().join();
    }

    private Optional<Enqueued.Waiting> status(String name, long now) {
        return tickets.status(id(name), now).toCompletableFuture().join();
    }

    private static Ticket partner(Enqueued paired) {
        assertThat(paired).isInstanceOf(Enqueued.Paired.class);
        assertThat(((Enqueued.Paired) paired).node()).isEqualTo("A");
        return ((Enqueued.Paired) paired).partner();
    }

    @Test
    void aTicketWaitsUntilSomeoneWithTheSameSettingsArrives() {
        Ticket a = ticket("a", CLASSIC);
        Ticket b = ticket("b", GOMOKU_BLITZ);

        assertThat(enqueue(a, T0)).isEqualTo(new Enqueued.Queued());
        assertThat(status("a", T0)).contains(new Enqueued.Waiting(a, 1, 1, 1, Duration.ZERO));
        assertThat(enqueue(b, T0 + SECOND)).isEqualTo(new Enqueued.Queued());
        assertThat(status("b", T0 + SECOND))
                .contains(new Enqueued.Waiting(b, 1, 1, 2, Duration.ZERO));
        assertThat(partner(enqueue(ticket("c", CLASSIC), T0 + 2 * SECOND))).isEqualTo(a);
        assertThat(status("a", T0)).isEmpty();
        assertThat(status("b", T0 + SECOND)).isPresent();
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
            assertThat(enqueue(ticket("t" + i, keys.get(i)), T0))
                    .isInstanceOf(Enqueued.Queued.class);
        }
        // The same settings written differently are the same settings.
        assertThat(partner(enqueue(ticket("late", MatchKey.of(15, 5, "180s+2000ms")), T0)))
                .isEqualTo(ticket("t1", keys.get(1)));
    }

    @Test
    void arrivalsArePairedFirstComeFirstPairedPerKey() {
        // A seeded shuffle of arrivals over four keys: each pairing joins the two oldest of a key.
        List<MatchKey> keys =
                List.of(
                        CLASSIC,
                        GOMOKU_BLITZ,
                        MatchKey.of(4, 4, null),
                        MatchKey.of(3, 3, "20s/move"));
        List<Ticket> arrivals = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            arrivals.add(ticket("t" + i, keys.get(i % keys.size())));
        }
        Collections.shuffle(arrivals, new java.util.Random(7));
        Map<MatchKey, List<Ticket>> order = new HashMap<>();
        Map<MatchKey, Integer> seen = new HashMap<>();
        int pairings = 0;
        long now = T0;
        for (Ticket t : arrivals) {
            order.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(t);
            if (enqueue(t, now += 1_000) instanceof Enqueued.Paired p) {
                int n = seen.merge(t.key(), 1, Integer::sum) - 1;
                List<Ticket> ofKey = order.get(t.key());
                assertThat(Set.of(p.partner(), t))
                        .containsExactlyInAnyOrder(ofKey.get(2 * n), ofKey.get(2 * n + 1));
                pairings++;
            }
        }
        assertThat(pairings).isEqualTo(200);
    }

    @Test
    void twoHundredConcurrentArrivalsMakeAHundredPairsWithNobodyTwiceAndNobodyLeft()
            throws Exception {
        int threads = 8;
        int count = 200;
        List<MatchKey> keys = List.of(CLASSIC, GOMOKU_BLITZ);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Ticket[]> pairs = Collections.synchronizedList(new ArrayList<>());
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                done.add(
                        pool.submit(
                                () -> {
                                    go.await();
                                    for (int i = first; i < count; i += threads) {
                                        Ticket mine = ticket("t" + i, keys.get(i % 2));
                                        if (enqueue(mine, T0 + i) instanceof Enqueued.Paired p) {
                                            pairs.add(new Ticket[] {mine, p.partner()});
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
        assertThat(pairs).hasSize(count / 2);
        Set<String> ids = new HashSet<>();
        for (Ticket[] pair : pairs) {
            assertThat(pair[0].key()).isEqualTo(pair[1].key());
            assertThat(ids.add(pair[0].id())).isTrue();
            assertThat(ids.add(pair[1].id())).isTrue();
        }
        assertThat(ids).hasSize(count);
    }

    @Test
    void aClaimedTicketLeavesAndIsNotPairedAndAPairedOneIsClaimedByNobody() {
        Ticket b = ticket("b", CLASSIC);
        enqueue(ticket("a", CLASSIC), T0);
        assertThat(claim("a")).isEqualTo(new Claim.Claimed("A"));
        // Gone from here means paired: its answer is on the way, nothing is ever lost.
        assertThat(claim("a")).isEqualTo(new Claim.Pending());
        assertThat(status("a", T0)).isEmpty();

        assertThat(enqueue(b, T0 + 1)).isInstanceOf(Enqueued.Queued.class);
        assertThat(partner(enqueue(ticket("c", CLASSIC), T0 + 2))).isEqualTo(b);
        assertThat(claim("b")).isEqualTo(new Claim.Pending()); // too late: already paired
    }

    @Test
    void aPlayerHoldsOneTicketAtATime() {
        Ticket first = Ticket.of(id("t1"), "ana", "ana", CLASSIC);
        Ticket second = Ticket.of(id("t2"), "ana", "ana", GOMOKU_BLITZ);
        Ticket sameSettings = Ticket.of(id("t3"), "ana", "ana", CLASSIC);
        enqueue(first, T0);

        assertThat(enqueue(second, T0))
                .isInstanceOfSatisfying(
                        Enqueued.Refused.class,
                        r -> assertThat(r).isEqualTo(Enqueued.Refused.ALREADY_QUEUED));
        // Not even with the same settings: a player is never paired with itself.
        assertThat(enqueue(sameSettings, T0)).isInstanceOf(Enqueued.Refused.class);
        assertThat(Enqueued.Refused.ALREADY_QUEUED.wire()).isEqualTo("match_already_queued");

        claim("t1");
        assertThat(enqueue(second, T0)).isInstanceOf(Enqueued.Queued.class);
        enqueue(ticket("bo", GOMOKU_BLITZ), T0);
        assertThat(enqueue(sameSettings, T0))
                .isInstanceOf(Enqueued.Queued.class); // paired: free again
    }

    @Test
    void aFullQueueRefusesAWaitButAPairingAlwaysGoesThrough() {
        enqueue(ticket("a", CLASSIC), T0);
        assertThat(tickets.enqueue(ticket("c", GOMOKU_BLITZ), false, WAIT, T0))
                .isCompletedWithValueMatching(r -> r == Enqueued.Refused.QUEUE_FULL);
        assertThat(tickets.enqueue(ticket("d", CLASSIC), false, WAIT, T0))
                .isCompletedWithValueMatching(Enqueued.Paired.class::isInstance);
        assertThat(Enqueued.Refused.QUEUE_FULL.wire()).isEqualTo("match_queue_full");
    }

    @Test
    void theStatusSaysWhereATicketStands() {
        enqueue(ticket("a", CLASSIC), T0);
        enqueue(ticket("b", GOMOKU_BLITZ), T0 + SECOND);
        assertThat(status("b", T0 + 4 * SECOND))
                .contains(
                        new Enqueued.Waiting(
                                ticket("b", GOMOKU_BLITZ), 1, 1, 2, Duration.ofSeconds(3)));
        assertThat(status("zzz", T0)).isEmpty();
    }
}
