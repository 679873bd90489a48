package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;

import org.jspecify.annotations.Nullable;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An outside engine that speaks the Gomocup (Piskvork) protocol, run as a subprocess so the match
 * runner can play against it: each move sends the whole position with {@code BOARD} and reads the
 * reply. Limits go out once as {@code INFO} lines: a depth ({@code max_depth}, understood by some
 * brains), a node budget ({@code max_node}) or a time per move ({@code timeout_turn}).
 *
 * <p>A brain that does not answer within the reply timeout, exits, or reports an error never hangs
 * the match: {@link #move} throws {@link Failure} after killing the process (the one started here,
 * by its handle), and the next {@link #restart} starts a fresh one.
 */
final class PiskvorkBrain implements AutoCloseable {

    /** How long a brain may take over any answer when the match sets no timeout of its own. */
    static final Duration DEFAULT_REPLY_TIMEOUT = Duration.ofSeconds(30);

    /** How long a brain may take to exit after END before it is killed. */
    private static final long GRACE_SECONDS = 10;

    /** Times a position is sent to a brain that dropped it. */
    private static final int MAX_ATTEMPTS = 5;

    private static final long RETRY_PAUSE_MILLIS = 20;

    private static final Pattern MOVE = Pattern.compile("^\\s*(\\d+)\\s*,\\s*(\\d+)\\s*$");

    /** Rapfi's report of its search: "MESSAGE ... Eval -36 ...", for the side to move. */
    private static final Pattern EVAL = Pattern.compile("\\bEval\\s+([-+]?\\d+)\\b");

    /** The brain did not answer in time, exited or reported an error; it has been killed. */
    static final class Failure extends RuntimeException {
        Failure(String message) {
            super(message);
        }
    }

    private final List<String> command;
    private final int size;
    private final List<String> info;
    private final Duration replyTimeout;
    private Process process;
    private BlockingQueue<Optional<String>> lines;
    private Writer out;
    private @Nullable Integer lastEval;

    /**
     * Starts {@code command} (split at spaces) for a {@code size}×{@code size} freestyle board.
     *
     * @param info extra {@code INFO} lines, such as "max_depth 10" or "timeout_turn 200"
     * @param replyTimeout the longest wait for any one answer; well above the brain's time budget
     */
    PiskvorkBrain(String command, int size, List<String> info, Duration replyTimeout) {
        this.command = List.of(command.trim().split("\\s+"));
        this.size = size;
        this.info = List.copyOf(info);
        this.replyTimeout = replyTimeout;
        start();
    }

    private void start() {
        try {
            process =
                    new ProcessBuilder(command)
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
        } catch (IOException e) {
            throw new Failure("cannot start brain '" + String.join(" ", command) + "': " + e);
        }
        lines = new LinkedBlockingQueue<>();
        BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        BlockingQueue<Optional<String>> queue = lines;
        // Reading on a thread of its own lets a silent brain be timed out instead of blocking us.
        Thread reader =
                new Thread(
                        () -> {
                            try {
                                for (String line; (line = in.readLine()) != null; ) {
                                    queue.add(Optional.of(line));
                                }
                            } catch (IOException e) {
                                // the process was killed or closed its output
                            }
                            queue.add(Optional.empty()); // the end of the output
                        },
                        "brain-reader-" + process.pid());
        reader.setDaemon(true);
        reader.start();
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

    /** The running process's id (the process this object started last). */
    long pid() {
        return process.pid();
    }

    /** Whether the process started last is still running. */
    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * The value the brain last reported for the side to move before its move ("Eval N" in a MESSAGE
     * line, as Rapfi prints it), or null when it reported none or a mate ("Eval +M15").
     */
    @Nullable Integer lastEval() {
        return lastEval;
    }

    /** The brain's move for the side to move on {@code board} (a cell index). */
    int move(Board board) {
        lastEval = null;
        StringBuilder sb = new StringBuilder("BOARD\n");
        Seat me = board.toMove();
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
                        throw fail("brain: " + line);
                    }
                    errors++;
                }
                Matcher eval = EVAL.matcher(line);
                if (line.startsWith("MESSAGE") && eval.find()) {
                    lastEval = Integer.valueOf(eval.group(1));
                } else if (line.startsWith("MESSAGE") && line.contains("Eval")) {
                    lastEval = null; // a mate: not a value to balance on
                }
                // DEBUG and the like: ignored
            }
            pause();
        }
        throw fail("brain ignored the position " + MAX_ATTEMPTS + " times");
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Starts a new game in a new process. {@code RESTART} would be cheaper, but a brain may keep
     * its hash table through it, and then each game depends on the ones before it: two matches that
     * differ in one game go on to differ in the rest.
     */
    void restart() {
        close();
        start();
    }

    private void expectOk() {
        while (true) {
            String line = readLine();
            if (line.trim().equals("OK")) {
                return;
            }
            if (line.startsWith("ERROR")) {
                throw fail("brain: " + line);
            }
        }
    }

    private void send(String text) {
        try {
            out.write(text);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw fail("brain stopped listening: " + e.getMessage());
        }
    }

    private String readLine() {
        Optional<String> line;
        try {
            line = lines.poll(replyTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw fail("interrupted while waiting for the brain");
        }
        if (line == null) {
            throw fail("brain gave no answer in " + replyTimeout.toMillis() + " ms");
        }
        if (line.isEmpty()) {
            throw fail("brain exited" + exitCode().map(c -> " with status " + c).orElse(""));
        }
        return line.get();
    }

    private Optional<Integer> exitCode() {
        try {
            return process.waitFor(1, TimeUnit.SECONDS)
                    ? Optional.of(process.exitValue())
                    : Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Kills the process (only the one started here) and makes the failure to throw. */
    private Failure fail(String message) {
        kill();
        return new Failure(message + " (pid " + process.pid() + ", killed)");
    }

    private void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        try {
            out.write("END\n");
            out.flush();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
        }
    }
}
