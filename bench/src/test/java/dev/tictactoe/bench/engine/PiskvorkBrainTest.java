package dev.tictactoe.bench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.bot.gomocup.Brain;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * An outside brain that stops answering or exits costs its game, never the match; each game has a
 * process of its own.
 */
class PiskvorkBrainTest {

    /** Far above what a shell script needs to answer START, far below a test's patience. */
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    @TempDir Path dir;

    /** A brain that accepts START, then reads on without ever answering a position. */
    private static final String SILENT =
            """
            while read -r line; do
              case "$line" in
                START*) echo OK ;;
                END*) exit 0 ;;
              esac
            done
            """;

    private String silentBrain() throws IOException {
        return script("silent.sh", SILENT);
    }

    private String script(String name, String body) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, body);
        return "sh " + file;
    }

    @Test
    void aSilentBrainIsTimedOutKilledAndStartedAfreshForTheNextGame() throws IOException {
        Rules rules = new Rules(15, 5);
        Board board = new Board(rules);
        board.play(rules.cell(7, 7));
        try (PiskvorkBrain brain = new PiskvorkBrain(silentBrain(), 15, List.of(), TIMEOUT)) {
            long first = brain.pid();
            assertThatThrownBy(() -> brain.move(board))
                    .isInstanceOf(PiskvorkBrain.Failure.class)
                    .hasMessageContaining("no answer in 1000 ms")
                    .hasMessageContaining("pid " + first + ", killed");
            // Reaped processes have no handle at all; a handle left must be a dead one.
            assertThat(ProcessHandle.of(first).filter(ProcessHandle::isAlive)).isEmpty();

            brain.restart();
            assertThat(brain.pid()).isNotEqualTo(first);
            assertThat(brain.isAlive()).isTrue();
        }
    }

    @Test
    void everyGameStartsInANewProcessAndTheLastOneIsEnded() throws IOException {
        try (PiskvorkBrain brain = new PiskvorkBrain(silentBrain(), 15, List.of(), TIMEOUT)) {
            long first = brain.pid();
            brain.restart();
            long second = brain.pid();

            assertThat(second).isNotEqualTo(first);
            assertThat(brain.isAlive()).isTrue();
            assertThat(ProcessHandle.of(first).filter(ProcessHandle::isAlive)).isEmpty();
        }
    }

    @Test
    void aBrainThatExitsMidGameFailsWithItsStatus() throws IOException {
        String brainCommand =
                script(
                        "exits.sh",
                        """
                        while read -r line; do
                          case "$line" in
                            START*) echo OK ;;
                            DONE*) exit 3 ;;
                          esac
                        done
                        """);
        Rules rules = new Rules(15, 5);
        Board board = new Board(rules);
        try (PiskvorkBrain brain = new PiskvorkBrain(brainCommand, 15, List.of(), TIMEOUT)) {
            assertThatThrownBy(() -> brain.move(board))
                    .isInstanceOf(PiskvorkBrain.Failure.class)
                    .hasMessageContaining("brain exited with status 3");
        }
    }

    @Test
    void ourOwnBrainPlaysWholeGamesAsAProcessAsABaselineDoes() throws URISyntaxException {
        MatchCommand.Result result =
                MatchCommand.run(
                        "board=15:5",
                        "a=medium",
                        "b=brain",
                        "b.cmd=" + ownBrain(),
                        "nodes=2000",
                        "games=2");
        assertThat(result.brainFailures()).isZero();
        assertThat(result.aWins() + result.draws() + result.bWins()).isEqualTo(2);
    }

    @Test
    void aBrainThatHangsOnceIsAskedTheSamePositionAgainFromAFreshProcess()
            throws IOException, URISyntaxException {
        Path launches = dir.resolve("launches");
        // Started once with the options, then once a game: the game's first process accepts
        // START and never answers; every other one is our own brain.
        String brainCommand =
                script(
                        "hangs-once.sh",
                        """
                        echo x >> %s
                        if [ "$(wc -l < %s)" -ne 2 ]; then exec %s; fi
                        """
                                        .formatted(launches, launches, ownBrain())
                                + SILENT);
        MatchCommand.Result result =
                MatchCommand.run(
                        "board=15:5",
                        "a=medium",
                        "b=brain",
                        "b.cmd=" + brainCommand,
                        "b.timeout=10000", // the hang's wait, and room for a JVM to start
                        "nodes=2000",
                        "games=1");
        assertThat(Files.readAllLines(launches)).hasSize(3);
        assertThat(result.brainFailures()).isZero();
        assertThat(result.aWins() + result.draws() + result.bWins()).isEqualTo(1);
    }

    /** The engine's Gomocup brain with its runtime libraries, as a baseline's jar holds them. */
    private static String ownBrain() throws URISyntaxException {
        String classPath =
                where(Brain.class) + ":" + where(BotLevel.class) + ":" + where(LoggerFactory.class);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return java + " -cp " + classPath + " " + MatchPlayer.BRAIN_MAIN;
    }

    private static Path where(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void aGameTheBrainFailsTwiceOnOneMoveIsScoredAsItsLossAndTheMatchCarriesOn()
            throws IOException {
        MatchCommand.Result result =
                MatchCommand.run(
                        "board=15:5",
                        "a=hard",
                        "a.nodes=1000",
                        "b=brain",
                        "b.cmd=" + silentBrain(),
                        "b.timeout=" + TIMEOUT.toMillis(),
                        "games=2");
        assertThat(result).isEqualTo(new MatchCommand.Result(2, 0, 0, 2));
    }
}
