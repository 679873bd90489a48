package dev.tictactoe.bench;

import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The diff a room sends for one move, from the snapshots before and after it, written as the walk
 * finds them. {@code -prof gc} shows the bytes allocated per diff.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DiffBenchmark {

    /** Board size and the moves already played before the measured one. */
    @Param({"3:4", "15:150"})
    public String position;

    private Snapshot before;
    private Snapshot after;
    private final Event event = new Event.Moved(Seat.X, 0, "m42");

    @Setup
    public void setUp() {
        String[] parts = position.split(":");
        int size = Integer.parseInt(parts[0]);
        int played = Integer.parseInt(parts[1]);
        char[][] rows = new char[size][size];
        for (char[] row : rows) {
            Arrays.fill(row, '.');
        }
        List<Snapshot.MoveEntry> moves = new ArrayList<>();
        for (int i = 0; i < played; i++) {
            int cell = (i * 7 + 3) % (size * size);
            while (rows[cell / size][cell % size] != '.') {
                cell = (cell + 1) % (size * size);
            }
            Seat seat = i % 2 == 0 ? Seat.X : Seat.O;
            rows[cell / size][cell % size] = seat.wire().charAt(0);
            moves.add(new Snapshot.MoveEntry(seat, cell, "m" + i));
        }
        before = snapshot(size, played, rows, moves, null);
        int cell = 0;
        while (rows[cell / size][cell % size] != '.') {
            cell++;
        }
        Seat seat = played % 2 == 0 ? Seat.X : Seat.O;
        List<String> kept = before.board();
        rows[cell / size][cell % size] = seat.wire().charAt(0);
        List<Snapshot.MoveEntry> longer = new ArrayList<>(before.moves());
        longer.add(new Snapshot.MoveEntry(seat, cell, "m" + played));
        after = snapshot(size, played + 1, rows, longer, kept);
    }

    // The rows that did not change are the same strings, as the server's renders keep them.
    private static Snapshot snapshot(
            int size,
            int version,
            char[][] rows,
            List<Snapshot.MoveEntry> moves,
            @Nullable List<String> kept) {
        List<String> board = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            String row = new String(rows[r]);
            board.add(kept != null && kept.get(r).equals(row) ? kept.get(r) : row);
        }
        return new Snapshot(
                version,
                "K7MQ2P",
                new Snapshot.Settings(size, size == 3 ? 3 : 5, Seat.X, true, true, null),
                1,
                RoomStatus.PLAYING,
                version % 2 == 0 ? Seat.X : Seat.O,
                board,
                moves,
                moves.getLast().cell(),
                null,
                new Snapshot.Players(
                        new Snapshot.Player("ana", PlayerKind.HUMAN, null, true, null),
                        new Snapshot.Player("bo", PlayerKind.HUMAN, null, true, null)),
                0,
                new Snapshot.Score(0, 0, 0),
                null,
                List.of(),
                null,
                1_795_000_000_000L + version);
    }

    @Benchmark
    public int direct() {
        int[] length = new int[1];
        MessageCodec.encodeDiff(after.version(), before, after, event, (bytes, n) -> length[0] = n);
        return length[0];
    }
}
