package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/** The record-level diff patches one snapshot's tree into the other's, as the tree diff does. */
class SnapshotDiffTest {

    private static final RoomStatus[] STATUSES = RoomStatus.values();

    /** The operations of the diff message written from the walk, read back. */
    static List<PatchOp> ops(Snapshot from, Snapshot to, @Nullable Event event) {
        String diff =
                new String(DiffWriter.write(to.version(), from, to, event).toByteArray(), UTF_8);
        return ((ServerMessage.Diff) MessageCodec.decodeServer(diff)).ops();
    }

    /** A value's tree as read from its JSON, as the operations read back hold it. */
    static JsonNode read(Object value) {
        return MessageCodec.parse(MessageCodec.mapper().valueToTree(value).toString());
    }

    /**
     * Applies the diff to the tree of {@code from} and checks it against the tree diff, and the
     * diff message written straight from the walk against the encoding of its operations.
     */
    private static List<PatchOp> check(Snapshot from, Snapshot to, boolean sameOpsAsTreeDiff) {
        JsonNode a = read(from);
        JsonNode b = read(to);
        Event event = new Event.Moved(Seat.X, 4, "m\"1");
        List<PatchOp> ops = ops(from, to, event);
        assertThat(JsonPatch.apply(a, ops)).isEqualTo(b);
        // Compared as text: the same JSON may be held with different numeric node types.
        assertThat(StockPatch.apply(a, ops).toString()).isEqualTo(b.toString());
        if (sameOpsAsTreeDiff) {
            assertThat(ops).isEqualTo(JsonPatch.diff(a, b));
        }
        assertThat(new String(DiffWriter.write(to.version(), from, to, event).toByteArray(), UTF_8))
                .isEqualTo(
                        new String(
                                MessageCodec.encodeToBytes(
                                        new ServerMessage.Diff(to.version(), ops, event)),
                                UTF_8));
        byte[][] handed = new byte[1][];
        MessageCodec.encodeDiff(
                to.version(),
                from,
                to,
                event,
                (bytes, length) -> handed[0] = Arrays.copyOf(bytes, length));
        assertThat(handed[0])
                .isEqualTo(DiffWriter.write(to.version(), from, to, event).toByteArray());
        return ops;
    }

    private static Snapshot timed(
            Snapshot s, long version, Snapshot.Clock clock, Long claimableAt) {
        return new Snapshot(
                version,
                s.room(),
                s.settings(),
                s.game(),
                s.status(),
                s.turn(),
                s.board(),
                s.moves(),
                s.lastMove(),
                s.result(),
                s.players(),
                s.spectators(),
                s.score(),
                s.undoRequest(),
                s.rematch(),
                clock,
                claimableAt);
    }

    @Test
    void aClockChangesFieldByFieldAndAppearsWhole() {
        Snapshot s = timed(Samples.snapshot(), 4, null, 1_795_000_060_000L);
        var running =
                new Snapshot.Clock(
                        "3m+2s",
                        180_000L,
                        180_000L,
                        Seat.X,
                        1_795_000_000_000L,
                        1_795_000_180_000L,
                        null);
        Snapshot started = timed(s, 5, running, null);
        assertThat(check(s, started, true))
                .contains(new PatchOp(PatchOp.Op.REPLACE, "/clock", read(running), null))
                .contains(
                        new PatchOp(
                                PatchOp.Op.REPLACE,
                                "/claimableAt",
                                JsonNodeFactory.instance.nullNode(),
                                null));
        var flagged =
                new Snapshot.Clock("3m+2s", 0L, 180_000L, null, 1_795_000_000_000L, null, Seat.X);
        assertThat(check(started, timed(s, 6, flagged, null), true))
                .extracting(PatchOp::path)
                .containsExactly(
                        "/version",
                        "/clock/X",
                        "/clock/running",
                        "/clock/deadlineAt",
                        "/clock/flagged");
    }

    @Test
    void equalSnapshotsGiveNoOperations() {
        assertThat(ops(Samples.snapshot(), Samples.snapshot(), null)).isEmpty();
    }

    @Test
    void aMoveGivesTheSmallOperationsAClientExpects() {
        Snapshot s = Samples.snapshot();
        List<Snapshot.MoveEntry> moves = new ArrayList<>(s.moves());
        moves.add(new Snapshot.MoveEntry(Seat.O, 6, "m2"));
        Snapshot next =
                with(
                        s,
                        s.version() + 1,
                        RoomStatus.PLAYING,
                        Seat.X,
                        List.of("X.O", ".X.", "O.."),
                        moves,
                        6,
                        null,
                        s.players(),
                        s.score(),
                        s.rematch());
        assertThat(check(s, next, true))
                .extracting(PatchOp::op, PatchOp::path)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(PatchOp.Op.REPLACE, "/version"),
                        org.assertj.core.groups.Tuple.tuple(PatchOp.Op.REPLACE, "/turn"),
                        org.assertj.core.groups.Tuple.tuple(PatchOp.Op.REPLACE, "/board/2"),
                        org.assertj.core.groups.Tuple.tuple(PatchOp.Op.ADD, "/moves/3"),
                        org.assertj.core.groups.Tuple.tuple(PatchOp.Op.REPLACE, "/lastMove"));
    }

    /**
     * Random walks through the changes a room makes, one step at a time, on several board sizes.
     */
    @Test
    void roomLikeChangesMatchTheTreeDiffExactly() {
        SplittableRandom random = new SplittableRandom(42);
        for (int walk = 0; walk < 200; walk++) {
            Snapshot s = empty(3 + random.nextInt(4));
            for (int step = 0; step < 40; step++) {
                Snapshot next = step(s, random);
                check(s, next, true);
                s = next;
            }
        }
    }

    /**
     * Any two snapshots, however unrelated, with clocks, grace periods and claim times or without,
     * are patched correctly (the operations may differ), and written as their operations.
     */
    @Test
    void unrelatedSnapshotsArePatchedCorrectly() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 2000; i++) {
            check(arbitrary(random), arbitrary(random), false);
            check(arbitraryTimed(random), arbitraryTimed(random), false);
        }
    }

    private static Snapshot empty(int size) {
        return new Snapshot(
                0,
                "K7MQ2P",
                new Snapshot.Settings(size, 3, Seat.X, true, true, null),
                1,
                RoomStatus.WAITING,
                null,
                Collections.nCopies(size, ".".repeat(size)),
                List.of(),
                null,
                null,
                new Snapshot.Players(null, null),
                0,
                new Snapshot.Score(0, 0, 0),
                null,
                List.of(),
                null,
                null);
    }

    /**
     * One change of the kinds a room publishes: a move, an undo, a new game, a seat, a spectator…
     */
    private static Snapshot step(Snapshot s, SplittableRandom random) {
        int size = s.settings().size();
        List<String> board = new ArrayList<>(s.board());
        List<Snapshot.MoveEntry> moves = new ArrayList<>(s.moves());
        long v = s.version() + 1;
        switch (random.nextInt(9)) {
            case 0, 1, 2 -> { // a move
                int cell = random.nextInt(size * size);
                Seat seat = moves.size() % 2 == 0 ? Seat.X : Seat.O;
                char[] row = board.get(cell / size).toCharArray();
                row[cell % size] = seat.wire().charAt(0);
                board.set(cell / size, new String(row));
                moves.add(new Snapshot.MoveEntry(seat, cell, "m" + v));
                return with(
                        s,
                        v,
                        RoomStatus.PLAYING,
                        seat.opponent(),
                        board,
                        moves,
                        cell,
                        null,
                        s.players(),
                        s.score(),
                        List.of());
            }
            case 3 -> { // an undo of one or two moves
                int drop = Math.min(moves.size(), 1 + random.nextInt(2));
                for (int i = 0; i < drop; i++) {
                    int cell = moves.remove(moves.size() - 1).cell();
                    char[] row = board.get(cell / size).toCharArray();
                    row[cell % size] = '.';
                    board.set(cell / size, new String(row));
                }
                Integer last = moves.isEmpty() ? null : moves.get(moves.size() - 1).cell();
                return with(
                        s,
                        v,
                        s.status(),
                        s.turn(),
                        board,
                        moves,
                        last,
                        null,
                        s.players(),
                        s.score(),
                        s.rematch());
            }
            case 4 -> { // the game ends on a line, the score moves
                List<Integer> line = List.of(0, 1, 2);
                Snapshot.Score score =
                        new Snapshot.Score(s.score().x() + 1, s.score().o(), s.score().draws());
                return with(
                        s,
                        v,
                        RoomStatus.OVER,
                        null,
                        board,
                        moves,
                        s.lastMove(),
                        new Snapshot.Result(Seat.X, ResultReason.LINE, line),
                        s.players(),
                        score,
                        s.rematch());
            }
            case 5 -> { // rematch offers, then a new game
                List<Seat> rematch = new ArrayList<>(s.rematch());
                if (rematch.size() < 2) {
                    rematch.add(rematch.isEmpty() ? Seat.O : Seat.X);
                    return with(
                            s,
                            v,
                            s.status(),
                            s.turn(),
                            board,
                            moves,
                            s.lastMove(),
                            s.result(),
                            s.players(),
                            s.score(),
                            rematch);
                }
                Snapshot fresh = empty(size);
                return new Snapshot(
                        v,
                        s.room(),
                        s.settings(),
                        s.game() + 1,
                        RoomStatus.PLAYING,
                        Seat.O,
                        fresh.board(),
                        List.of(),
                        null,
                        null,
                        s.players(),
                        s.spectators(),
                        s.score(),
                        null,
                        List.of(),
                        null,
                        null);
            }
            case 6 -> { // a seat is taken, drops, returns or is emptied
                Snapshot.Player x = s.players().x();
                Snapshot.Player next =
                        switch (random.nextInt(3)) {
                            case 0 ->
                                    new Snapshot.Player("ana", PlayerKind.HUMAN, null, true, null);
                            case 1 ->
                                    x == null
                                            ? null
                                            : new Snapshot.Player(
                                                    x.name(),
                                                    x.kind(),
                                                    x.level(),
                                                    !x.connected(),
                                                    null);
                            default -> null;
                        };
                Snapshot.Player o =
                        random.nextBoolean()
                                ? s.players().o()
                                : new Snapshot.Player(
                                        "bot",
                                        PlayerKind.BOT,
                                        random.nextBoolean() ? BotLevel.HARD : BotLevel.PERFECT,
                                        true,
                                        null);
                return with(
                        s,
                        v,
                        s.status(),
                        s.turn(),
                        board,
                        moves,
                        s.lastMove(),
                        s.result(),
                        new Snapshot.Players(next, o),
                        s.score(),
                        s.rematch());
            }
            case 7 -> { // a spectator comes or goes
                return new Snapshot(
                        v,
                        s.room(),
                        s.settings(),
                        s.game(),
                        s.status(),
                        s.turn(),
                        board,
                        moves,
                        s.lastMove(),
                        s.result(),
                        s.players(),
                        Math.max(0, s.spectators() + (random.nextBoolean() ? 1 : -1)),
                        s.score(),
                        s.undoRequest(),
                        s.rematch(),
                        null,
                        null);
            }
            default -> { // a takeback is asked for or answered
                return new Snapshot(
                        v,
                        s.room(),
                        s.settings(),
                        s.game(),
                        s.status(),
                        s.turn(),
                        board,
                        moves,
                        s.lastMove(),
                        s.result(),
                        s.players(),
                        s.spectators(),
                        s.score(),
                        s.undoRequest() == null ? Seat.X : null,
                        s.rematch(),
                        null,
                        null);
            }
        }
    }

    private static Snapshot with(
            Snapshot s,
            long version,
            RoomStatus status,
            Seat turn,
            List<String> board,
            List<Snapshot.MoveEntry> moves,
            Integer lastMove,
            Snapshot.Result result,
            Snapshot.Players players,
            Snapshot.Score score,
            List<Seat> rematch) {
        return new Snapshot(
                version,
                s.room(),
                s.settings(),
                s.game(),
                status,
                turn,
                board,
                moves,
                lastMove,
                result,
                players,
                s.spectators(),
                score,
                s.undoRequest(),
                rematch,
                null,
                null);
    }

    private static Snapshot arbitrary(SplittableRandom random) {
        int size = 3 + random.nextInt(3);
        List<String> board = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            StringBuilder row = new StringBuilder();
            for (int c = 0; c < size; c++) {
                row.append(".XO".charAt(random.nextInt(3)));
            }
            board.add(row.toString());
        }
        List<Snapshot.MoveEntry> moves = new ArrayList<>();
        for (int i = random.nextInt(6); i > 0; i--) {
            moves.add(
                    new Snapshot.MoveEntry(
                            random.nextBoolean() ? Seat.X : Seat.O,
                            random.nextInt(9),
                            "m" + random.nextInt(3)));
        }
        return new Snapshot(
                random.nextInt(3),
                random.nextBoolean() ? "K7MQ2P" : "ABCDEF",
                new Snapshot.Settings(
                        size,
                        3,
                        random.nextBoolean() ? Seat.X : Seat.O,
                        random.nextBoolean(),
                        true,
                        random.nextBoolean() ? null : "5m+3s"),
                1 + random.nextInt(2),
                STATUSES[random.nextInt(3)],
                random.nextBoolean() ? null : Seat.X,
                board,
                moves,
                random.nextBoolean() ? null : random.nextInt(9),
                random.nextBoolean()
                        ? null
                        : new Snapshot.Result(
                                random.nextBoolean() ? null : Seat.O,
                                ResultReason.LINE,
                                List.of(1, 2, 3)),
                new Snapshot.Players(
                        random.nextBoolean()
                                ? null
                                : new Snapshot.Player(
                                        "ana",
                                        PlayerKind.HUMAN,
                                        null,
                                        random.nextBoolean(),
                                        random.nextBoolean() ? null : 1_795_000_060_000L),
                        random.nextBoolean()
                                ? null
                                : new Snapshot.Player(
                                        random.nextBoolean() ? "bot" : "bo",
                                        PlayerKind.BOT,
                                        BotLevel.EASY,
                                        true,
                                        null)),
                random.nextInt(2),
                new Snapshot.Score(random.nextInt(2), random.nextInt(2), random.nextInt(2)),
                random.nextBoolean() ? null : Seat.O,
                random.nextBoolean()
                        ? List.of()
                        : List.of(Seat.X, Seat.O).subList(0, 1 + random.nextInt(2)),
                null,
                null);
    }

    /** {@link #arbitrary} with a clock (or none) and a claim time (or none). */
    private static Snapshot arbitraryTimed(SplittableRandom random) {
        Snapshot s = arbitrary(random);
        Snapshot.Clock clock =
                random.nextInt(3) == 0
                        ? null
                        : new Snapshot.Clock(
                                random.nextBoolean() ? "5m+3s" : "10s/move",
                                random.nextBoolean() ? null : 1_000L * random.nextInt(3),
                                random.nextBoolean() ? null : 1_000L * random.nextInt(3),
                                random.nextBoolean() ? null : Seat.X,
                                random.nextBoolean() ? null : 1_795_000_000_000L,
                                random.nextBoolean() ? null : 1_795_000_001_000L,
                                random.nextInt(4) == 0 ? Seat.O : null);
        return timed(
                s,
                s.version(),
                clock,
                random.nextBoolean() ? null : 1_795_000_000_000L + random.nextInt(2));
    }
}
