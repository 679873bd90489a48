package dev.tictactoe.server.room;

import java.util.List;
import java.util.stream.IntStream;

/** The engine's cells as the protocol lists them. */
final class Wire {
    private Wire() {}

    static List<Integer> cells(int[] cells) {
        return IntStream.of(cells).boxed().toList();
    }
}
