package dev.tictactoe.bench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A match's sides: levels in process, and a tagged baseline started as a brain from its jar. */
class MatchPlayerTest {

    private static final Rules RULES = new Rules(15, 5);

    @TempDir Path dir;

    @Test
    void aBaselineRunsItsTagsJarAsTheEnginesBrainOnThisJvm() throws IOException {
        Files.createFile(dir.resolve("engine-engine-baseline-7.jar"));

        String command = MatchPlayer.baselineCommand(dir, "engine-baseline-7");

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        assertThat(command)
                .isEqualTo(
                        java
                                + " -cp "
                                + dir.resolve("engine-engine-baseline-7.jar")
                                + ":"
                                + dir.resolve("engine-engine-baseline-7-lib")
                                + "/* dev.tictactoe.server.bot.gomocup.Brain");
    }

    @Test
    void aBaselineNotYetBuiltIsRefusedWithTheCommandThatBuildsIt() {
        assertThatThrownBy(() -> MatchPlayer.baselineCommand(dir, "engine-baseline-7"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bench/baseline.sh engine-baseline-7");
    }

    @Test
    void baselinesLiveBesideTheBenchsClasses() {
        assertThat(MatchPlayer.baselines()).endsWithRaw(Path.of("target", "baselines"));
    }

    @Test
    void aLevelPlaysInProcessWithItsSidesBudget() {
        MatchPlayer a =
                MatchPlayer.of(
                        Map.of("a", "medium", "nodes", "5", "a.nodes", "7"), "a", "hard", RULES);
        MatchPlayer b = MatchPlayer.of(Map.of("ms", "50"), "b", "hard", RULES);

        assertThat(a).isEqualTo(new MatchPlayer("medium", 7, 0, 0, null));
        assertThat(b).isEqualTo(new MatchPlayer("hard", 0, 50, 0, null));
        assertThat(MatchPlayer.of(Map.of(), "b", "hard", RULES).millis())
                .isEqualTo(MatchPlayer.DEFAULT_MILLIS);
    }

    @Test
    void anUnknownEngineIsRefusedBeforeTheFirstGame() {
        assertThatThrownBy(() -> MatchPlayer.of(Map.of("b", "legacy"), "b", "hard", RULES))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MatchPlayer.of(Map.of("b", "brain"), "b", "hard", RULES))
                .hasMessageContaining("b=brain needs b.cmd=");
    }
}
