package dev.tictactoe.bench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The analysis timer analyses 3×3 games exactly and times each printed 15×15 game, longest first.
 */
class AnalysisCommandTest {

    @Test
    void timesExactSmallGamesThenThePrintedGamesLongestFirst(@TempDir Path dir) throws IOException {
        Path match = dir.resolve("match.txt");
        Files.writeString(
                match,
                """
                game 1, A is O, X wins: 1. h8 a15 2. i8 o1 3. j8 a1 4. k8 o15 5. l8
                game 2, A is X, O wins: 1. h8 h9 2. a1 i9 3. a2 j9 4. a3 k9 5. a4 l9
                game 3, A is X, draw: 1. h8 a15
                """);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AnalysisCommand.run(
                Map.of("games", "5", "nodes", "2000", "from", match.toString()),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0]).matches("3x3: 5 games, (\\d+) of \\1 positions exact; cpu .*");
        assertThat(lines[1]).startsWith("game 2, A is X, O wins: 10 moves, cpu ");
        assertThat(lines[2]).startsWith("game 1, A is O, X wins: 9 moves, cpu ");
    }
}
