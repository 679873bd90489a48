package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The client in a real pseudo-terminal under tmux: create a game against the bot, play it with the
 * cursor and typed cells, review it judged by the engine, and read the screen as a person would see
 * it.
 */
class InteractiveTerminalIT {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Pattern BOARD_ROW = Pattern.compile("^\\s*(\\d+) (.*\\|.*)$");

    /** A tmux server of our own, so nothing else running tmux is touched. */
    private final String socket = "ttt-it-" + ProcessHandle.current().pid();

    private String session = "cli";
    private GameServer server;

    /** Where the server keeps finished games, so they can be analysed. */
    @TempDir Path data;

    @BeforeEach
    void start() {
        Assumptions.assumeTrue(tmuxInstalled(), "tmux is not installed");
        server = ServerConfig.local("--data-dir=" + data).start();
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            tmux("kill-server");
            server.close();
        }
    }

    @Test
    void playsTheBotWithTheCursorAndTypedCells() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        String cli =
                quote(java)
                        + " -XX:TieredStopAtLevel=1 -jar "
                        + quote(CliProcess.jar().toAbsolutePath().toString())
                        + " create --bot perfect --name tester --server http://127.0.0.1:"
                        + server.port();
        // The shell reports the exit code and keeps the pane open so the last screen can be read.
        tmux(
                "new-session",
                "-d",
                "-s",
                session,
                "-x",
                "120",
                "-y",
                "40",
                "sh -c '"
                        + SeatTokens.DIR_ENV
                        + "="
                        + quote(CliProcess.STATE_DIR.toString())
                        + " "
                        + cli
                        + "; echo \"[exit $?]\"; sleep 120'");

        String screen = awaitScreen(s -> s.contains("Your turn (X)"));
        assertThat(screen)
                .contains(
                        "ttt  room",
                        "3x3, 3 in a row",
                        "tester (you)",
                        "bot (perfect)",
                        "a   b   c");
        assertThat(screen).contains(">.<"); // the cursor starts in the middle

        // First move: the cursor, one step up and back down, then Enter plays b2.
        tmux("send-keys", "-t", session, "Up");
        awaitScreen(s -> board(s).get(0).charAt(1) == '.' && s.contains("|>.<|"));
        tmux("send-keys", "-t", session, "Down", "Enter");
        int played = 1;
        while (true) {
            int expected = 2 * played;
            screen =
                    awaitScreen(
                            s ->
                                    isOver(s)
                                            || pieces(board(s)) >= expected
                                                    && s.contains("Your turn (X)"));
            if (isOver(screen)) {
                break;
            }
            String cell = firstEmpty(board(screen));
            tmux("send-keys", "-t", session, "-l", cell);
            tmux("send-keys", "-t", session, "Enter");
            played++;
        }
        assertThat(board(screen).get(1).charAt(1)).isEqualTo('X');
        assertThat(screen).containsAnyOf("bot (perfect) (O) wins with", "Draw:");
        assertThat(screen).doesNotContain("You win");

        // The perfect bot's moves are all best.
        tmux("send-keys", "-t", session, "-l", "history 1");
        tmux("send-keys", "-t", session, "Enter");
        screen = awaitScreen(s -> s.contains("game 1 judged by the server's engine"));
        assertThat(screen).containsPattern("  2\\. O [a-c][1-3] +best +(draw|O wins)");

        tmux("send-keys", "-t", session, "-l", "quit");
        tmux("send-keys", "-t", session, "Enter");
        String last = awaitScreen(s -> s.contains("[exit "));
        assertThat(last).containsAnyOf("[exit 1]", "[exit 2]");
        assertThat(last).contains("a   b   c").containsAnyOf("wins with", "Draw:");
        assertThat(last).doesNotContain("Exception");
    }

    /**
     * The command line that runs the client against the test server, its seat tokens kept for this
     * run.
     */
    private String cli(String args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        return "env "
                + SeatTokens.DIR_ENV
                + "="
                + quote(CliProcess.STATE_DIR.toString())
                + " "
                + quote(java)
                + " -XX:TieredStopAtLevel=1 -jar "
                + quote(CliProcess.jar().toAbsolutePath().toString())
                + " "
                + args
                + " --server http://127.0.0.1:"
                + server.port();
    }

    @Test
    void aLargeBoardFitsEightyByTwentyFourAndCtrlCKeepsTheSeat() throws Exception {
        tmux(
                "new-session",
                "-d",
                "-s",
                session,
                "-x",
                "80",
                "-y",
                "24",
                // The shell ignores Ctrl-C, as an interactive one would, so it can report the exit
                // code.
                "sh -c 'trap \"\" INT; (trap - INT; exec "
                        + cli("create --size 15 --bot easy --name tester")
                        + "); echo \"[exit $?]\"; sleep 120'");
        String screen = awaitScreen(s -> s.contains("Your turn (X)"));
        List<String> lines = List.of(screen.split("\n"));
        assertThat(lines.get(0)).contains("ttt  room", "15x15");
        assertThat(screen).contains("tester (you)", " 15  .");
        Matcher room = Pattern.compile("room (\\w{3}) (\\w{3})").matcher(lines.get(0));
        assertThat(room.find()).isTrue();
        String code = room.group(1) + room.group(2);

        tmux("send-keys", "-t", session, "C-c");
        String last = awaitScreen(s -> s.contains("[exit "));
        assertThat(last).contains("[exit 3]", "ttt join " + code);
        assertThat(last).doesNotContain("Exception");
        session = "cli2"; // a second window; the first one stays until the end

        tmux(
                "new-session",
                "-d",
                "-s",
                session,
                "-x",
                "80",
                "-y",
                "24",
                "sh -c '"
                        + cli("join " + code + " --name tester")
                        + "; echo \"[exit $?]\"; sleep 120'");
        String back = awaitScreen(s -> s.contains("rejoined seat X"));
        assertThat(back).contains("tester (you)").doesNotContain("you are watching");
        tmux("send-keys", "-t", session, "-l", "quit");
        tmux("send-keys", "-t", session, "Enter");
        assertThat(awaitScreen(s -> s.contains("[exit "))).contains("for good");
    }

    @Test
    void aTimedGameShowsBothClocksAndTheMoveCountingDown() throws Exception {
        tmux(
                "new-session",
                "-d",
                "-s",
                session,
                "-x",
                "100",
                "-y",
                "30",
                "sh -c '"
                        + cli("create --clock 3m+2s --move-time 20s --bot easy --name tester")
                        + "; echo \"[exit $?]\"; sleep 120'");
        String screen =
                awaitScreen(s -> s.contains("Your turn (X)") && s.contains("this move 0:1"));
        assertThat(screen).contains("clock 3m+2s,20s/move");
        assertThat(line(screen, "X  tester (you) <- to move"))
                .matches(".*\\s[23]:[0-9]{2}\\s+wins 0\\s*");
        assertThat(line(screen, "O  ")).contains(" 3:00 ");
        // Nobody types: the move's time counts down on the screen by itself.
        String left = moveLeft(screen);
        awaitScreen(s -> s.contains("this move") && moveLeft(s).compareTo(left) < 0);

        tmux("send-keys", "-t", session, "-l", "b2");
        tmux("send-keys", "-t", session, "Enter");
        // After the bot's answer X runs again.
        screen = awaitScreen(s -> pieces(board(s)) >= 2 && s.contains("Your turn (X)"));
        assertThat(line(screen, "X  tester (you) <- to move"))
                .matches(".*\\s[0-3]:[0-5][0-9]\\s+wins 0\\s*");
        tmux("send-keys", "-t", session, "-l", "quit");
        tmux("send-keys", "-t", session, "Enter");
        assertThat(awaitScreen(s -> s.contains("[exit ")))
                .contains("[exit 3]")
                .doesNotContain("Exception");
    }

    /** The first screen line starting with {@code prefix}. */
    private static String line(String screen, String prefix) {
        return screen.lines()
                .filter(l -> l.startsWith(prefix))
                .findFirst()
                .orElseThrow(
                        () ->
                                new AssertionError(
                                        "no line starting \"" + prefix + "\" in:\n" + screen));
    }

    /**
     * What the clock line says is left of this move, as m:ss (which compares as text below 10
     * minutes).
     */
    private static String moveLeft(String screen) {
        Matcher m = Pattern.compile("this move (\\d+:\\d{2}) left").matcher(screen);
        return m.find() ? m.group(1) : "9:99";
    }

    private static boolean isOver(String screen) {
        return screen.contains("wins with")
                || screen.contains("Draw:")
                || screen.contains("Game abandoned");
    }

    /** The board rows read off the screen, one character per cell, marks removed. */
    private static List<String> board(String screen) {
        List<String> rows = new ArrayList<>();
        for (String line : screen.split("\n")) {
            Matcher m = BOARD_ROW.matcher(line);
            if (m.matches()) {
                StringBuilder row = new StringBuilder();
                for (String cell : m.group(2).split("\\|")) {
                    row.append(cell.replaceAll("[\\s\\[\\]()<>]", ""));
                }
                rows.add(row.toString());
            }
        }
        assertThat(rows).as(screen).hasSize(3).allSatisfy(r -> assertThat(r).hasSize(3));
        return rows;
    }

    private static int pieces(List<String> rows) {
        return (int) String.join("", rows).chars().filter(c -> c != '.').count();
    }

    private static String firstEmpty(List<String> rows) {
        for (int r = 0; r < rows.size(); r++) {
            int c = rows.get(r).indexOf('.');
            if (c >= 0) {
                return Coordinates.format(r * 3 + c, 3);
            }
        }
        throw new AssertionError("no empty cell in " + rows);
    }

    /**
     * Captures the pane until {@code done} holds; short pauses, since this waits on an external
     * screen.
     */
    private String awaitScreen(Predicate<String> done) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = tmux("capture-pane", "-p", "-t", session);
            try {
                if (done.test(screen)) {
                    return screen;
                }
            } catch (AssertionError notYet) {
                // the screen is being redrawn
            }
            Thread.sleep(100);
        }
        throw new AssertionError(
                "the screen did not show what was expected within " + WAIT + ":\n" + screen);
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }

    private static boolean tmuxInstalled() {
        try {
            Process p = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String quote(String s) {
        return "\"" + s + "\"";
    }
}
