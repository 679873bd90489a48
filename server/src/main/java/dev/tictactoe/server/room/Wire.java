package dev.tictactoe.server.room;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Mark;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.stream.IntStream;

/** The engine's words as the protocol spells them, name for name. */
final class Wire {
    private Wire() {}

    static Seat seat(Mark mark) {
        return switch (mark) {
            case X -> Seat.X;
            case O -> Seat.O;
        };
    }

    /** The seat of a mark that may be absent: no turn, no winner, no request. */
    static @Nullable Seat seatOrNull(@Nullable Mark mark) {
        return mark == null ? null : seat(mark);
    }

    static Mark mark(Seat seat) {
        return switch (seat) {
            case X -> Mark.X;
            case O -> Mark.O;
        };
    }

    static List<Integer> cells(int[] cells) {
        return IntStream.of(cells).boxed().toList();
    }
}
