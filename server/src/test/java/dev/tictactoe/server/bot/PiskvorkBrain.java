package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Mark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An outside engine that speaks the Gomocup (Piskvork) protocol, run as a subprocess so the match
 * runner can play against it: each move sends the whole position with {@code BOARD} and reads the
 * reply. Limits go out once as {@code INFO} lines: a depth ({@code max_depth}, understood by some
 * brains), a node budget ({@code max_node}) or a time per move ({@code timeout_turn}).
 */
final class PiskvorkBrain implements AutoCloseable {

    /** How long a brain may take to exit after END before it is killed. */
    private static final long GRACE_SECONDS = 60;

    /** Times a position is sent to a brain that dropped it. */
    private static final int MAX_ATTEMPTS = 5;

    private static final long RETRY_PAUSE_MILLIS = 20;

    private static final Pattern MOVE = Pattern.compile("^\\s*(\\d+)\\s*,\\s*(\\d+)\\s*$");

    private final Process process;
    private final BufferedReader in;
    private final Writer out;
    private final int size;

    /**
     * Starts {@code command} (split at spaces) for a {@code size}×{@code size} freestyle board.
     *
     * @param info extra {@code INFO} lines, such as "max_depth 10" or "timeout_turn 200"
     */
    PiskvorkBrain(String command, int size, List<String> info) {
        this.size = size;
        try {
            process =
                    new ProcessBuilder(command.trim().split("\\s+"))
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start brain '" + command + "'", e);
        }
        in =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        out = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        send("START " + size);
        expectOk();
        send("INFO rule 0"); // freestyle: five or more in a row wins
        send("INFO thread_num 1");
        send("INFO timeout_match 1000000000");
        send("INFO time_left 1000000000");
        for (String line : info) {
            send("INFO " + line);
        }
    }

    /** The brain's move for the side to move on {@code board} (a cell index). */
    int move(Board board) {
        StringBuilder sb = new StringBuilder("BOARD\n");
        Mark me = board.toMove();
        for (int i = 0; i < board.moveCount(); i++) {
            int cell = board.moveAt(i);
            int who = board.at(cell) == me ? 1 : 2;
            sb.append(cell % size).append(',').append(cell / size).append(',').append(who);
            sb.append('\n');
        }
        sb.append("DONE");
        // A brain may still count itself busy for a moment after it answered the last move and
        // drop the BOARD line: then every line after it comes back as an unknown command, and
        // the position is sent again.
        int strays = board.moveCount() + 1;
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            send(sb.toString());
            int errors = 0;
            while (errors < strays) {
                String line = readLine();
                Matcher m = MOVE.matcher(line);
                if (m.matches()) {
                    int x = Integer.parseInt(m.group(1));
                    int y = Integer.parseInt(m.group(2));
                    return y * size + x;
                }
                if (line.startsWith("ERROR")) {
                    if (!line.contains("nknown command")) {
                        throw new IllegalStateException("brain: " + line);
                    }
                    errors++;
                }
                // MESSAGE, DEBUG and the like: ignored
            }
            pause();
        }
        throw new IllegalStateException("brain ignored the position " + MAX_ATTEMPTS + " times");
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Starts a new game (the brain forgets what it learnt in the last one). */
    void restart() {
        send("RESTART");
        expectOk();
    }

    private void expectOk() {
        while (true) {
            String line = readLine();
            if (line.trim().equals("OK")) {
                return;
            }
            if (line.startsWith("ERROR")) {
                throw new IllegalStateException("brain: " + line);
            }
        }
    }

    private void send(String text) {
        try {
            out.write(text);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("brain stopped listening", e);
        }
    }

    private String readLine() {
        try {
            String line = in.readLine();
            if (line == null) {
                throw new IllegalStateException("brain exited");
            }
            return line;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            send("END");
        } catch (UncheckedIOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
