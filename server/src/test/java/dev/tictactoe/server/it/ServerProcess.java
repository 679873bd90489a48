package dev.tictactoe.server.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The server's own `Main` in a child process on loopback, with this test run's classpath. */
final class ServerProcess {

    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)");

    /** How long a start may take before it counts as failed. */
    private static final Duration START = Duration.ofSeconds(30);

    private ServerProcess() {}

    /** A server that logged that it listens: its process, its port and what it printed so far. */
    record Running(Process process, int port, List<String> output, Thread reader) {

        /** Every line printed so far. */
        List<String> lines() {
            synchronized (output) {
                return List.copyOf(output);
            }
        }

        /** Every line, once the process has closed its output (waited for 5 s at most). */
        List<String> allLines() throws InterruptedException {
            reader.join(Duration.ofSeconds(5));
            return lines();
        }
    }

    /** A port free now, for a server that must come back on the same one. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** JVM options, then the server on {@code port} (0 for a free one) with {@code flags}. */
    static ProcessBuilder builder(List<String> jvm, int port, String... flags) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvm);
        command.addAll(
                List.of(
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.tictactoe.server.Main",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        String.valueOf(port)));
        command.addAll(List.of(flags));
        return new ProcessBuilder(command);
    }

    /**
     * Starts {@link #builder} with INFO logging, its output and errors read into {@link
     * Running#output}, and waits until it logs that it listens; a server that does not is stopped.
     */
    static Running start(List<String> jvm, int port, String... flags) throws Exception {
        ProcessBuilder builder = builder(jvm, port, flags).redirectErrorStream(true);
        builder.environment().put("TTT_LOG_LEVEL", "INFO");
        Process process = builder.start();
        List<String> output = new ArrayList<>();
        CompletableFuture<Integer> listening = new CompletableFuture<>();
        Thread reader = Thread.ofVirtual().start(() -> read(process, output, listening));
        try {
            int bound = listening.get(START.toSeconds(), TimeUnit.SECONDS);
            return new Running(process, bound, output, reader);
        } catch (TimeoutException e) {
            process.destroyForcibly();
            synchronized (output) {
                throw new AssertionError("not listening after " + START + ": " + output, e);
            }
        } catch (Exception e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private static void read(
            Process process, List<String> output, CompletableFuture<Integer> listening) {
        try (BufferedReader lines =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                synchronized (output) {
                    output.add(line);
                }
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    listening.complete(Integer.parseInt(m.group(1)));
                }
            }
        } catch (IOException e) {
            listening.completeExceptionally(e);
        }
        synchronized (output) {
            listening.completeExceptionally(
                    new AssertionError("the server did not start: " + output));
        }
    }
}
