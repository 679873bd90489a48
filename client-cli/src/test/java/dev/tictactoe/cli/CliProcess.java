package dev.tictactoe.cli;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.client.RoomView;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The packaged client ({@code target/client-cli-*.jar}) running as a separate process in scripting
 * mode: lines to its stdin, its stdout lines decoded and applied to a room view as they come.
 */
final class CliProcess implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final String EOF = "\u0000eof";

    private final String label;
    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private final StringBuffer stderr = new StringBuffer();
    private final RoomView view = new RoomView();
    private Seat seat;

    private CliProcess(String label, Process process) {
        this.label = label;
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        pump(
                "out",
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)),
                true);
        pump(
                "err",
                new BufferedReader(
                        new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)),
                false);
    }

    /** Where every started client keeps its seat tokens: one directory for this test run. */
    static final Path STATE_DIR = stateDir();

    private static Path stateDir() {
        try {
            return Files.createTempDirectory("ttt-state");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts {@code java -jar client-cli.jar args...} with the java running the tests. */
    static CliProcess start(String label, String... args) {
        return startIn(STATE_DIR, label, args);
    }

    /**
     * As {@link #start}, keeping seat tokens and the player id in {@code stateDir}: another user's.
     */
    static CliProcess startIn(Path stateDir, String label, String... args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-XX:TieredStopAtLevel=1"); // starts faster; the client does little work
        command.add("-jar");
        command.add(jar().toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("TTT_SERVER");
        builder.environment().put("NO_COLOR", "1");
        builder.environment().put(SeatTokens.DIR_ENV, stateDir.toString());
        try {
            return new CliProcess(label, builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The packaged jar, which failsafe finds built (it runs after {@code package}). */
    static Path jar() {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            return files.filter(p -> p.getFileName().toString().matches("client-cli-.*\\.jar"))
                    .filter(p -> !p.getFileName().toString().endsWith("-sources.jar"))
                    .findFirst()
                    .orElseThrow(
                            () ->
                                    new IllegalStateException(
                                            "no target/client-cli-*.jar: run ./mvnw verify"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void pump(String name, BufferedReader reader, boolean out) {
        Thread t =
                new Thread(
                        () -> {
                            try (reader) {
                                String line;
                                while ((line = reader.readLine()) != null) {
                                    if (out) {
                                        lines.add(line);
                                    } else {
                                        stderr.append(line).append('\n');
                                    }
                                }
                            } catch (IOException e) {
                                // the process ended
                            }
                            if (out) {
                                lines.add(EOF);
                            }
                        },
                        label + "-" + name);
        t.setDaemon(true);
        t.start();
    }

    /** Writes one line to the client's stdin. */
    void send(String line) {
        try {
            stdin.write(line + "\n");
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    label + ": cannot write \"" + line + "\"" + diagnostics(), e);
        }
    }

    /** Closes the client's stdin (end of the script). */
    void endInput() {
        try {
            stdin.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /**
     * The next stdout line as JSON matching {@code predicate}; earlier lines are applied and kept.
     */
    JsonNode awaitLine(Predicate<JsonNode> predicate) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (true) {
            String line;
            try {
                line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            if (line == null || line.equals(EOF)) {
                if (line != null) {
                    lines.add(EOF);
                }
                throw new AssertionError(
                        label
                                + (line == null ? ": timed out" : ": output ended")
                                + " waiting for a line"
                                + diagnostics());
            }
            seen.add(line);
            JsonNode node = MessageCodec.parse(line);
            // The client's own lines (after create, while matching, an analysis) are not server
            // messages.
            if (!"room".equals(node.path("type").asText())
                    && !"match".equals(node.path("type").asText())
                    && !"analysis".equals(node.path("type").asText())) {
                ServerMessage message = MessageCodec.decodeServer(line);
                if (message instanceof ServerMessage.Welcome w) {
                    seat = w.seat();
                }
                view.apply(message);
            }
            if (predicate.test(node)) {
                return node;
            }
        }
    }

    /** Reads output until the room state matches {@code predicate}. */
    Snapshot awaitSnapshot(Predicate<Snapshot> predicate) {
        if (view.snapshot() != null && predicate.test(view.snapshot())) {
            return view.snapshot();
        }
        awaitLine(node -> view.snapshot() != null && predicate.test(view.snapshot()));
        return view.snapshot();
    }

    Snapshot snapshot() {
        return view.snapshot();
    }

    /** The seat from the welcome, or null. */
    Seat seat() {
        return seat;
    }

    /** Waits for the process to exit and returns its exit code. */
    int awaitExit() {
        try {
            if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError(label + ": did not exit" + diagnostics());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        drain();
        return process.exitValue();
    }

    /** Applies what is left of the output, up to its end. */
    private void drain() {
        try {
            awaitLine(node -> false);
        } catch (AssertionError end) {
            if (!lines.contains(EOF)) {
                throw end;
            }
        }
    }

    /** Sends the client SIGINT, as Ctrl-C in a terminal would. */
    void interrupt() {
        try {
            Process kill =
                    new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                            .inheritIO()
                            .start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new AssertionError(label + ": kill -INT failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    String stderr() {
        return stderr.toString();
    }

    /** What was seen so far, for failure messages. */
    String diagnostics() {
        return "\n--- stdout of "
                + label
                + " ---\n"
                + String.join("\n", seen)
                + "\n--- stderr ---\n"
                + stderr;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
