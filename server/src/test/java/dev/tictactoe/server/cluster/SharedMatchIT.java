package dev.tictactoe.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.MatchApi;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * Quick match across two nodes through a real redis-server on loopback: pairs made across nodes, a
 * waiting request seen and cancelled from the other node, one waiting ticket per player in the
 * cluster, bot fill, and each node on its own while Redis is down.
 */
class SharedMatchIT {

    /** Pairings measured; {@code -Dcluster.pairs=300} measures more. */
    static final int PAIRS = Integer.getInteger("cluster.pairs", 60);

    @TempDir Path dir;
    private final SplittableRandom random = new SplittableRandom(51);
    private int redisPort;
    private Daemon redis;
    private GameServer a;
    private GameServer b;
    private MatchApi onA;
    private MatchApi onB;

    @BeforeEach
    void start() throws Exception {
        redisPort = Daemon.freePort();
        redis = Daemon.redis(dir, redisPort);
        a = node('A');
        b = node('B');
        onA = new MatchApi(URI.create("http://127.0.0.1:" + a.port()));
        onB = new MatchApi(URI.create("http://127.0.0.1:" + b.port()));
        awaitShared(a, true);
        awaitShared(b, true);
    }

    @AfterEach
    void stop() throws Exception {
        if (a != null) {
            a.close();
        }
        if (b != null) {
            b.close();
        }
        redis.close();
    }

    private GameServer node(char id) {
        return ServerConfig.local(
                        "--node=" + id, "--redis=" + URI.create("redis://127.0.0.1:" + redisPort))
                .start();
    }

    private MatchApi.Request request(String player) {
        return new MatchApi.Request(
                MatchApi.newId(random), player, "p-" + player, 3, null, null, null, null);
    }

    @Test
    void twoPlayersOnDifferentNodesMeetInTheRoomOfTheNodeThatPairedThem() {
        List<Long> micros = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            MatchApi.Request first = request("a" + i);
            CompletableFuture<MatchApi.Answer> waiting = onA.start(first);
            // Seen from the other node: it waits in Redis.
            await(() -> onB.status(first.ticket()).isPresent());
            long sent = System.nanoTime();
            CompletableFuture<Long> firstHeard = waiting.thenApply(x -> System.nanoTime());
            CompletableFuture<MatchApi.Answer> arriving = onB.start(request("b" + i));
            long secondHeard = arriving.thenApply(x -> System.nanoTime()).join();
            micros.add((Math.max(firstHeard.join(), secondHeard) - sent) / 1_000);
            MatchApi.Matched x = (MatchApi.Matched) waiting.join();
            MatchApi.Matched y = (MatchApi.Matched) arriving.join();
            assertThat(x.code()).isEqualTo(y.code()).startsWith("B");
            assertThat(x.seat()).isNotEqualTo(y.seat());
            assertThat(x.token()).isNotEqualTo(y.token());
            assertThat(x.opponent().name()).isEqualTo("p-b" + i);
            assertThat(y.opponent().name()).isEqualTo("p-a" + i);
            assertThat(b.rooms().find(x.code())).isPresent();
        }
        Collections.sort(micros);
        System.out.printf(
                "cross-node pairing over %d pairs: p50 %d us, p99 %d us, max %d us%n",
                PAIRS,
                micros.get(PAIRS / 2),
                micros.get((int) Math.ceil(PAIRS * 0.99) - 1),
                micros.get(PAIRS - 1));
    }

    @Test
    void aRequestWaitingOnOneNodeIsSeenAndCancelledFromTheOther() {
        MatchApi.Request first = request("ana");
        CompletableFuture<MatchApi.Answer> waiting = onA.start(first);
        await(() -> onB.status(first.ticket()).isPresent());
        Optional<MatchApi.Waiting> seen = onB.status(first.ticket());
        assertThat(seen.get().position()).isEqualTo(1);
        assertThat(seen.get().settings().get("size").asInt()).isEqualTo(3);
        // The same player cannot wait a second time, on any node.
        MatchApi.Answer twice = onB.start(request("ana")).join();
        assertThat(twice).isInstanceOf(MatchApi.Refused.class);
        assertThat(((MatchApi.Refused) twice).code()).isEqualTo("match_already_queued");
        assertThat(onB.cancel(first.ticket())).isTrue();
        assertThat(waiting.join()).isEqualTo(new MatchApi.Cancelled(first.ticket()));
        assertThat(onA.status(first.ticket())).isEmpty();
        assertThat(onB.cancel(first.ticket())).isFalse();
    }

    @Test
    void aBotStillFillsTheSeatOfAPlayerNobodyCameFor() {
        MatchApi.Request alone =
                new MatchApi.Request(
                        MatchApi.newId(random), "solo", "solo", 3, null, null, "easy", "1s");
        MatchApi.Matched matched = (MatchApi.Matched) onA.start(alone).join();
        assertThat(matched.opponent().kind()).isEqualTo("bot");
        assertThat(matched.code()).startsWith("A");
    }

    @Test
    void whileRedisIsDownEachNodePairsItsOwnAndAfterItIsBackAcrossNodesAgain() throws Exception {
        redis.kill();
        awaitShared(a, false);
        MatchApi.Request alone = request("x1");
        CompletableFuture<MatchApi.Answer> first = onA.start(alone);
        await(() -> onA.status(alone.ticket()).isPresent());
        MatchApi.Answer second = onA.start(request("x2")).join();
        assertThat(((MatchApi.Matched) second).code()).startsWith("A");
        assertThat(((MatchApi.Matched) first.join()).code()).startsWith("A");

        redis = Daemon.redis(dir, redisPort);
        awaitShared(a, true);
        awaitShared(b, true);
        MatchApi.Request again = request("y1");
        CompletableFuture<MatchApi.Answer> waiting = onA.start(again);
        await(() -> onB.status(again.ticket()).isPresent());
        MatchApi.Matched y = (MatchApi.Matched) onB.start(request("y2")).join();
        assertThat(((MatchApi.Matched) waiting.join()).code()).isEqualTo(y.code());
    }

    /** Waits for the node's metric to say whether quick match goes through Redis. */
    private static void awaitShared(GameServer node, boolean shared) {
        URI metrics = URI.create("http://127.0.0.1:" + node.port() + "/metrics");
        HttpRequest scrape = HttpRequest.newBuilder(metrics).build();
        HttpClient http = HttpClient.newHttpClient();
        String line = "ttt_match_shared " + (shared ? "1.0" : "0.0");
        await(
                () ->
                        http.sendAsync(scrape, HttpResponse.BodyHandlers.ofString())
                                .join()
                                .body()
                                .contains(line));
    }

    /** Polls {@code condition} until it holds: nothing announces these changes to a client. */
    static void await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Daemon.WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + Daemon.WAIT);
            }
            Thread.onSpinWait();
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted");
            }
        }
    }
}
