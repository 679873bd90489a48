package dev.tictactoe.server.bot.gomocup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** The Gomocup brain answers a scripted manager as the Piskvork protocol says. */
class BrainTest {

    private static final long NODES = 3_000;

    @Test
    void playsAGameStartingSecond() throws IOException {
        List<String> out =
                talk(
                        "START 15",
                        "INFO timeout_turn 1000",
                        "INFO max_node " + NODES,
                        "INFO folder C:\\\\some dir",
                        "INFO rule 0",
                        "TURN 7,7",
                        "END");
        assertThat(out.get(0)).isEqualTo("OK");
        String move = out.get(out.size() - 1);
        assertThat(move).matches("\\d+,\\d+").isNotEqualTo("7,7");
        assertThat(out).noneMatch(line -> line.startsWith("ERROR") || line.startsWith("UNKNOWN"));
    }

    @Test
    void beginsOnAnEmptyBoardAndAnswersAbout() throws IOException {
        List<String> out = talk("ABOUT", "START 15", "INFO max_node " + NODES, "BEGIN", "END");
        assertThat(out.get(0)).startsWith("name=\"");
        assertThat(out.get(1)).isEqualTo("OK");
        assertThat(out.get(out.size() - 1)).isEqualTo("7,7");
    }

    @Test
    void completesItsFiveFromABoardCommand() throws IOException {
        // Ours: four in column 3 (rows 2..5), the opponent's stones elsewhere; we are to move.
        List<String> out =
                talk(
                        "START 15",
                        "INFO max_node " + NODES,
                        "BOARD",
                        "3,2,1",
                        "10,10,2",
                        "3,3,1",
                        "10,11,2",
                        "3,4,1",
                        "11,10,2",
                        "3,5,1",
                        "12,3,2",
                        "DONE",
                        "END");
        assertThat(out.get(out.size() - 1)).isIn("3,1", "3,6");
    }

    @Test
    void blocksTheOpponentsFour() throws IOException {
        List<String> out =
                talk(
                        "START 15",
                        "INFO max_node " + NODES,
                        "BOARD",
                        "5,5,2",
                        "0,0,1",
                        "6,5,2",
                        "0,14,1",
                        "7,5,2",
                        "14,0,1",
                        "8,5,2",
                        "DONE",
                        "END");
        assertThat(out.get(out.size() - 1)).isIn("4,5", "9,5");
    }

    @Test
    void takesBackAndRestarts() throws IOException {
        List<String> out =
                talk(
                        "START 15",
                        "INFO max_node " + NODES,
                        "BEGIN",
                        "TAKEBACK 7,7",
                        "BEGIN",
                        "RESTART",
                        "BEGIN",
                        "END");
        assertThat(out).containsExactly("OK", "7,7", "OK", "7,7", "OK", "7,7");
    }

    @Test
    void refusesWhatItCannotDo() throws IOException {
        List<String> out =
                talk(
                        "RECTSTART 20,15",
                        "START 40",
                        "START 15",
                        "TURN 99,1",
                        "FROB",
                        "BOARD",
                        "1,1,1",
                        "2,2,1",
                        "DONE",
                        "END");
        assertThat(out.get(0)).startsWith("ERROR");
        assertThat(out.get(1)).startsWith("ERROR");
        assertThat(out.get(2)).isEqualTo("OK");
        assertThat(out.get(3)).startsWith("ERROR");
        assertThat(out.get(4)).startsWith("UNKNOWN");
        assertThat(out.get(5)).startsWith("ERROR");
    }

    @Test
    void budgetsItsTimeFromTheManagersLimits() throws IOException {
        Brain brain = new Brain(new StringWriter(), 1, Duration.ZERO);
        brain.run(new StringReader("INFO timeout_turn 2000\n"));
        assertThat(brain.budgetMillis()).isEqualTo(2000 - Brain.TURN_RESERVE_MILLIS);
        brain.run(new StringReader("INFO time_left 15000\n"));
        assertThat(brain.budgetMillis()).isEqualTo(15000 / Brain.TIME_LEFT_DIVISOR);
        assertThat(new Brain(new StringWriter(), 1, Duration.ZERO).budgetMillis())
                .isEqualTo(Brain.DEFAULT_TURN_MILLIS - Brain.TURN_RESERVE_MILLIS);
    }

    @Test
    void explainsEachMoveInAMessageLine() throws IOException {
        StringWriter out = new StringWriter();
        new Brain(out, 1, Duration.ZERO)
                .run(new StringReader("START 15\nINFO max_node 100\nBEGIN\nEND\n"));
        assertThat(out.toString().split("\\R"))
                .containsExactly("OK", "MESSAGE takes the centre", "7,7");
    }

    // The brain's answers to the lines, without its MESSAGE lines.
    private static List<String> talk(String... lines) throws IOException {
        StringWriter out = new StringWriter();
        new Brain(out, 1, Duration.ZERO).run(new StringReader(String.join("\n", lines) + "\n"));
        return Arrays.stream(out.toString().split("\\R"))
                .filter(l -> !l.startsWith("MESSAGE"))
                .toList();
    }
}
