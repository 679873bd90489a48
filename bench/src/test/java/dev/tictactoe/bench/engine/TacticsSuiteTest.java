package dev.tictactoe.bench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.TacticsProbe;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

/** HARD on the first positions of the tactical suite, with a node budget so it replays. */
class TacticsSuiteTest {

    private static final long NODES = 50_000;
    private static final long JUDGE_NODES = 100_000;
    private static final int POSITIONS = 12;

    private final Bot bot = new Bot();

    @Test
    void theSuiteHoldsEveryKind() throws IOException {
        List<TacticsSuite.Case> cases = TacticsSuite.load(null);
        for (String kind : List.of("vcf", "vct", "defend")) {
            assertThat(cases).as(kind).anyMatch(c -> c.kind().equals(kind));
        }
        assertThat(cases).allMatch(c -> !c.board().isOver());
    }

    @Test
    void winsByFoursAreFound() throws IOException {
        int solved = 0;
        int total = 0;
        for (TacticsSuite.Case c : first("vcf")) {
            BotMove move = bot.chooseWithNodes(c.board(), BotLevel.HARD, NODES, total++);
            assertThat(move.score()).as("a win found in\n%s", c.board()).isGreaterThan(0);
            solved += TacticsProbe.keepsTheWin(c.board(), move.cell(), JUDGE_NODES / 10) ? 1 : 0;
        }
        assertThat(solved).isEqualTo(total);
    }

    @Test
    void mostThreatsAreDefended() throws IOException {
        int solved = 0;
        int total = 0;
        for (TacticsSuite.Case c : first("defend")) {
            BotMove move = bot.chooseWithNodes(c.board(), BotLevel.HARD, NODES, total++);
            solved += TacticsProbe.holds(c.board(), move.cell(), JUDGE_NODES) ? 1 : 0;
        }
        // Measured: all 12.
        assertThat(solved).as("defended of %d", total).isGreaterThanOrEqualTo(11);
    }

    private static List<TacticsSuite.Case> first(String kind) throws IOException {
        return TacticsSuite.load(null).stream()
                .filter(c -> c.kind().equals(kind))
                .limit(POSITIONS)
                .toList();
    }
}
