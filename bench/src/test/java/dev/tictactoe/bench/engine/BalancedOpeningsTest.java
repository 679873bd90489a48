package dev.tictactoe.bench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The match runner's balanced openings, judged here by stand-ins instead of a brain. */
class BalancedOpeningsTest {

    private final Rules rules = new Rules(15, 5);

    @Test
    void openingsHaveThreeToFiveStonesNearTheCentreAndReplayBySeed() {
        List<int[]> first = draw(7, board -> 0, 50);
        List<int[]> again = draw(7, board -> 0, 50);
        for (int i = 0; i < first.size(); i++) {
            int[] cells = first.get(i);
            assertThat(cells).isEqualTo(again.get(i));
            assertThat(cells.length)
                    .isBetween(BalancedOpenings.MIN_STONES, BalancedOpenings.MAX_STONES);
            assertThat(cells[0]).isEqualTo(rules.cell(7, 7));
            assertThat(Arrays.stream(cells).distinct().count()).isEqualTo(cells.length);
            for (int cell : cells) {
                assertThat(Math.abs(cell % 15 - 7)).isLessThanOrEqualTo(BalancedOpenings.RADIUS);
                assertThat(Math.abs(cell / 15 - 7)).isLessThanOrEqualTo(BalancedOpenings.RADIUS);
            }
        }
        assertThat(Arrays.deepToString(draw(8, board -> 0, 50).toArray()))
                .isNotEqualTo(Arrays.deepToString(first.toArray()));
    }

    @Test
    void onlyOpeningsTheJudgeRatesWithinTheLimitAreKept() {
        // A stand-in judge: the value is 25 times the move count's remainder by 3, minus 25, so
        // 3 stones rate -25, 4 rate 0 and 5 rate 25; with the limit at 10 only four stones pass.
        BalancedOpenings.Judge judge = board -> 25 * (board.moveCount() % 3) - 25;
        BalancedOpenings source = new BalancedOpenings(rules, 3, judge, 10);
        for (int i = 0; i < 20; i++) {
            assertThat(source.next()).hasSize(4);
        }
        assertThat(source.drawn()).isGreaterThan(20);
    }

    @Test
    void aPositionWithNoValueIsNeverKept() {
        BalancedOpenings source =
                new BalancedOpenings(rules, 3, board -> null, BalancedOpenings.DEFAULT_LIMIT);
        assertThatThrownBy(source::next).isInstanceOf(IllegalStateException.class);
        assertThat(source.drawn()).isEqualTo(BalancedOpenings.MAX_CANDIDATES);
    }

    @Test
    void savedOpeningsReadBackOnlyUnderTheSameFirstLine(@TempDir Path dir) {
        Path file = dir.resolve("openings.txt");
        assertThat(BalancedOpenings.saved(file, "# seed 7", rules)).isEmpty();
        List<int[]> openings = draw(7, board -> 0, 5);
        BalancedOpenings.save(file, "# seed 7", rules, openings);
        List<int[]> read = BalancedOpenings.saved(file, "# seed 7", rules);
        assertThat(Arrays.deepToString(read.toArray()))
                .isEqualTo(Arrays.deepToString(openings.toArray()));
        assertThat(BalancedOpenings.saved(file, "# seed 8", rules)).isEmpty();
    }

    private List<int[]> draw(long seed, BalancedOpenings.Judge judge, int count) {
        BalancedOpenings source =
                new BalancedOpenings(rules, seed, judge, BalancedOpenings.DEFAULT_LIMIT);
        List<int[]> openings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            openings.add(source.next());
        }
        return openings;
    }
}
