package dev.tictactoe.bench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.bot.EvaluationFeatures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Judged positions become rows of the evaluation's features, one a line. */
class EvalFeaturesCommandTest {

    @Test
    void eachPositionBecomesItsValueAndEveryCellCountedOncePerSide(@TempDir Path dir)
            throws IOException {
        Path in = dir.resolve("positions.tsv");
        Path out = dir.resolve("features.csv");
        // The second line's X has four in a row to complete (a win at once): left out.
        Files.writeString(in, "h8,j9,g7\t-35\nh8,a1,i8,a2,j8,a3,k8,b5\t+M1\nh8,j9\t+M7\n");

        EvalFeaturesCommand.run(new String[] {"from=" + in, "out=" + out});

        List<String> rows = Files.readAllLines(out);
        assertThat(rows).hasSize(2);
        String[] first = rows.get(0).split(",");
        String[] second = rows.get(1).split(",");
        assertThat(first[0]).isEqualTo("-35");
        assertThat(second[0]).isEqualTo("1000");
        int sets = EvaluationFeatures.SETS;
        assertThat(first).hasSize(1 + 2 * sets + EvaluationFeatures.THREATS + 1);
        assertThat(sum(first, 1, sets)).isEqualTo(15 * 15);
        assertThat(sum(first, 1 + sets, sets)).isEqualTo(15 * 15);
        assertThat(first[first.length - 1]).as("O to move").isEqualTo("0");
        assertThat(second[second.length - 1]).as("X to move").isEqualTo("1");
    }

    private static int sum(String[] fields, int from, int count) {
        int sum = 0;
        for (int i = from; i < from + count; i++) {
            sum += Integer.parseInt(fields[i]);
        }
        return sum;
    }
}
