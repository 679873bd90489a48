package dev.tictactoe.server;

import ch.qos.logback.classic.Level;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.JsonPatch;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.bot.BotWarmup;
import dev.tictactoe.server.net.GameServer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Plays games against a scratch server on loopback before the real one binds, so that the JIT has
 * compiled the path of a move (sockets, frames, rules, diffs, the journal) with the profile of real
 * games before the first client arrives. Without it the compiler is still at work a minute into a
 * busy start, on the same core as the rooms, and its first guesses are undone (and the code
 * compiled again) as games reach their first rematch and checkpoint. The scratch server has the
 * real one's loops, transport and store settings but its own port and data directory, both gone
 * afterwards, and its INFO lines are muted meanwhile. The bot thinks first ({@link BotWarmup}),
 * with at most a quarter of the budget. A failure only costs the warm-up.
 */
final class Warmup {

    private static final Logger log = LoggerFactory.getLogger(Warmup.class);

    /** Rooms played at once, so the loop has work while a client handles its last message. */
    static final int ROOMS = 4;

    /**
     * The scratch server checkpoints a room every other change, not every {@link
     * ServerConfig#DEFAULT_CHECKPOINT_EVERY}: the real server runs that code once a hundred
     * changes, so without this the JIT first compiles it (and the journal writer's JSON for it, a
     * large method) under load, tens of seconds after the start. Not at every change: the JIT would
     * then compile the room's record keeping for a change that always checkpoints, and again at the
     * real server's first change that does not.
     */
    static final int CHECKPOINT_EVERY = 2;

    /** How long, past the budget, the players are waited for before the scratch server stops. */
    private static final Duration GRACE = Duration.ofSeconds(5);

    /** At most this share of the budget (one in so many) goes to the bot's searches first. */
    static final int BOT_SHARE = 4;

    /** What a warm-up did. */
    record Result(long moves, long games, long errors, int botSearches) {
        Result withBotSearches(int searches) {
            return new Result(moves, games, errors, searches);
        }
    }

    private Warmup() {}

    /**
     * Plays on a scratch server made from {@code settings} (its address and data directory are
     * replaced) until {@code maxMoves} moves were played or {@code budget} has passed. The budget
     * is the bot's searches and the games'; starting the scratch server and its players comes on
     * top (two to four seconds on one core).
     */
    static Result run(ServerConfig settings, Duration budget, long maxMoves) {
        return run(settings, budget, maxMoves, Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** As {@link #run(ServerConfig, Duration, long)}, the scratch directory made in {@code tmp}. */
    static Result run(ServerConfig settings, Duration budget, long maxMoves, Path tmp) {
        long started = System.nanoTime();
        Runnable unmute = muteInfo();
        Path scratch = null;
        Thread cleanup = null;
        Result result;
        String failure = null;
        try {
            scratch =
                    settings.dataDir() == null
                            ? null
                            : Files.createTempDirectory(tmp, "ttt-warmup");
            if (scratch != null) {
                // A SIGTERM now stops the process before the real server's hook exists.
                Path dir = scratch;
                cleanup = new Thread(() -> deleteQuietly(dir), "warmup-cleanup");
                Runtime.getRuntime().addShutdownHook(cleanup);
            }
            int botSearches =
                    BotWarmup.run(BotWarmup.RULES, budget.dividedBy(BOT_SHARE), BotWarmup.ROUNDS);
            Duration left = budget.minusNanos(System.nanoTime() - started);
            try (GameServer server = GameServer.start(scratchConfig(settings, scratch))) {
                result = play(server.port(), left.isNegative() ? Duration.ZERO : left, maxMoves);
            }
            result = result.withBotSearches(botSearches);
        } catch (IOException | RuntimeException e) {
            result = new Result(0, 0, 1, 0);
            failure = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = new Result(0, 0, 1, 0);
            failure = "interrupted";
        } finally {
            unmute.run();
            if (stillRunning(cleanup)) {
                deleteQuietly(scratch);
            }
        }
        if (failure != null) {
            log.warn("warm-up skipped: {}", failure);
        } else {
            log.info(
                    "warm-up: {} moves, {} games, {} errors, {} bot searches in {} ms",
                    result.moves(),
                    result.games(),
                    result.errors(),
                    result.botSearches(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        }
        return result;
    }

    /**
     * The real settings that choose which code runs (loops, transport, store, replay history, idle
     * timers), on a free loopback port, in a scratch directory; the limits at their defaults, so a
     * small real one (rooms, members, name length) cannot refuse the warm-up's own games.
     */
    private static ServerConfig scratchConfig(ServerConfig real, Path dataDir) {
        return ServerConfig.builder()
                .host("127.0.0.1")
                .port(0)
                .workerThreads(real.workerThreads())
                .messagesPerSecond(1_000_000)
                .messageBurst(1_000_000)
                .idleTimeout(real.idleTimeout())
                .pingInterval(real.pingInterval())
                .seatGrace(real.seatGrace())
                .emptyRoomTtl(real.emptyRoomTtl())
                .diffHistory(real.diffHistory())
                .checkpointEvery(CHECKPOINT_EVERY)
                .botThreads(real.botThreads())
                .drainTimeout(GRACE)
                .transport(real.transport())
                .dataDir(dataDir)
                .durability(real.durability())
                .build();
    }

    private static Result play(int port, Duration budget, long maxMoves)
            throws IOException, InterruptedException {
        Counts counts = new Counts(maxMoves, budget.plus(GRACE));
        URI base = URI.create("http://127.0.0.1:" + port);
        HttpClient http = HttpClient.newHttpClient();
        List<Player> players = new ArrayList<>();
        try {
            CountDownLatch done = new CountDownLatch(1);
            for (int room = 0; room < ROOMS; room++) {
                String path = createRoom(http, base);
                SplittableRandom random = new SplittableRandom(room);
                for (int seat = 0; seat < 2; seat++) {
                    Player player = new Player(counts, random.split(), done);
                    URI uri = URI.create("ws://127.0.0.1:" + port + path);
                    player.socket = http.newWebSocketBuilder().buildAsync(uri, player).join();
                    players.add(player);
                }
            }
            // The budget is the games': on one core, the client's first request and sockets take
            // seconds (its classes, its TLS context), which once left the games a few dozen moves.
            counts.start(budget);
            for (int i = 0; i < players.size(); i++) {
                players.get(i)
                        .send("{\"type\":\"join\",\"protocol\":1,\"name\":\"warm" + i % 2 + "\"}");
            }
            done.await(budget.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            // Bounded whatever happened: the close frames get GRACE, then the client is stopped.
            CompletableFuture.allOf(
                            players.stream().map(Player::close).toArray(CompletableFuture[]::new))
                    .completeOnTimeout(null, GRACE.toMillis(), TimeUnit.MILLISECONDS)
                    .exceptionally(e -> null)
                    .join();
            http.shutdownNow();
            http.awaitTermination(GRACE);
        }
        return new Result(counts.moves.get(), counts.games.get(), counts.errors.get(), 0);
    }

    private static String createRoom(HttpClient http, URI base)
            throws IOException, InterruptedException {
        HttpRequest request =
                HttpRequest.newBuilder(base.resolve("/api/rooms"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"size\":3}"))
                        .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201) {
            throw new IllegalStateException("room not created: " + response.statusCode());
        }
        return MessageCodec.parse(response.body()).path("path").asText();
    }

    /** The moves and games played so far, and when to stop. */
    private record Counts(
            long maxMoves,
            AtomicLong deadline,
            AtomicLong moves,
            AtomicLong games,
            AtomicLong errors) {
        /** Counts whose time runs out after {@code bound} unless {@link #start} sets it again. */
        Counts(long maxMoves, Duration bound) {
            this(
                    maxMoves,
                    new AtomicLong(System.nanoTime() + bound.toNanos()),
                    new AtomicLong(),
                    new AtomicLong(),
                    new AtomicLong());
        }

        /** Gives the games {@code budget} from now. */
        void start(Duration budget) {
            deadline.set(System.nanoTime() + budget.toNanos());
        }

        boolean over() {
            return moves.get() >= maxMoves || System.nanoTime() - deadline.get() >= 0;
        }
    }

    /**
     * One seat of a warm-up room: follows the room by its diffs, moves on a random free cell when
     * it is its turn, and asks for a rematch when a game ends. Callbacks come one at a time. The
     * first player to see the budget spent, or an error, ends the warm-up for all.
     */
    private static final class Player implements WebSocket.Listener {
        private final Counts counts;
        private final SplittableRandom random;
        private final CountDownLatch done;
        private final StringBuilder text = new StringBuilder();
        private volatile WebSocket socket;
        private volatile CompletableFuture<?> sending = CompletableFuture.completedFuture(null);
        private String seat;
        private JsonNode room;
        private int moveIds;
        private int rematchFor;
        private boolean finished;

        Player(Counts counts, SplittableRandom random, CountDownLatch done) {
            this.counts = counts;
            this.random = random;
            this.done = done;
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                String message = text.toString();
                text.setLength(0);
                try {
                    receive(MessageCodec.decodeServer(message));
                } catch (RuntimeException e) {
                    counts.errors.incrementAndGet();
                    finish();
                }
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
            finish();
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            if (!counts.over()) { // afterwards, the client's own stop aborts the sockets
                counts.errors.incrementAndGet();
            }
            finish();
        }

        private void receive(ServerMessage message) {
            switch (message) {
                case ServerMessage.Welcome welcome -> {
                    seat = welcome.seat();
                    room = MessageCodec.toTree(welcome.snapshot());
                }
                case ServerMessage.SnapshotMessage snapshot ->
                        room = MessageCodec.toTree(snapshot.snapshot());
                case ServerMessage.Diff diff -> room = JsonPatch.apply(room, diff.ops());
                case ServerMessage.Error error -> counts.errors.incrementAndGet();
                default -> {
                    return;
                }
            }
            act();
        }

        private void act() {
            if (finished || room == null) {
                return;
            }
            if (counts.over()) {
                finish();
                return;
            }
            String status = room.path("status").asText();
            if (status.equals("playing") && seat.equals(room.path("turn").asText())) {
                counts.moves.incrementAndGet();
                send(
                        "{\"type\":\"move\",\"id\":\"m"
                                + ++moveIds
                                + "\",\"version\":"
                                + room.path("version").asLong()
                                + ",\"cell\":"
                                + freeCell()
                                + "}");
            } else if (status.equals("over")
                    && rematchFor != room.path("game").asInt()
                    && !offered(room.path("rematch"))) {
                rematchFor = room.path("game").asInt();
                if (seat.equals("X")) {
                    counts.games.incrementAndGet();
                }
                send("{\"type\":\"rematch\"}");
            }
        }

        private boolean offered(JsonNode rematch) {
            for (JsonNode offer : rematch) {
                if (offer.asText().equals(seat)) {
                    return true;
                }
            }
            return false;
        }

        private int freeCell() {
            List<Integer> free = new ArrayList<>();
            int cell = 0;
            for (JsonNode row : room.path("board")) {
                for (char c : row.asText().toCharArray()) {
                    if (c == '.') {
                        free.add(cell);
                    }
                    cell++;
                }
            }
            return free.get(random.nextInt(free.size()));
        }

        private void send(String message) {
            sending = sending.thenCompose(ignored -> socket.sendText(message, true));
        }

        private void finish() {
            if (!finished) {
                finished = true;
                done.countDown();
            }
        }

        CompletableFuture<?> close() {
            return sending.thenCompose(ignored -> socket.sendClose(WebSocket.NORMAL_CLOSURE, ""));
        }
    }

    /**
     * Raises the project's loggers to WARN, if they are below it, while the scratch server runs;
     * returns what puts them back.
     */
    private static Runnable muteInfo() {
        if (LoggerFactory.getLogger("dev.tictactoe")
                        instanceof ch.qos.logback.classic.Logger project
                && !project.getEffectiveLevel().isGreaterOrEqual(Level.WARN)) {
            Level was = project.getLevel();
            project.setLevel(Level.WARN);
            return () -> project.setLevel(was);
        }
        return () -> {};
    }

    /** Takes back the cleanup hook; false if the process is stopping and the hook has the job. */
    private static boolean stillRunning(Thread cleanup) {
        if (cleanup == null) {
            return true;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
            return true;
        } catch (IllegalStateException stopping) {
            return false;
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            log.warn("warm-up: could not delete {}: {}", dir, e.toString());
        }
    }
}
