package dev.tictactoe.bench.load;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A server started as its own process on a free loopback port, with run-server's JVM flags. */
record ServerProcess(Process process, Target target) implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    private static final List<String> JVM_FLAGS =
            List.of(
                    "-XX:+UseSerialGC",
                    "-Xms128m",
                    "-Xmn64m",
                    "-XX:+AlwaysPreTouch",
                    "-XX:MetaspaceSize=64m",
                    "-XX:FreqInlineSize=100",
                    "-XX:InlineSmallCode=1000",
                    "-XX:MaxInlineLevel=9",
                    "-Xmx1g");

    /**
     * Starts {@code dev.tictactoe.server.Main} from this JVM's class path with the given flags
     * (after host and port), on CPU 0 when {@code pinned}, its output into {@code log}; returns
     * once it answers {@code /readyz}.
     */
    static ServerProcess start(List<String> flags, boolean pinned, Path log) throws Exception {
        int port = freePort();
        List<String> command = new ArrayList<>();
        if (pinned) {
            command.addAll(List.of("taskset", "-c", "0"));
        }
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(JVM_FLAGS);
        command.addAll(
                List.of(
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.tictactoe.server.Main",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        String.valueOf(port)));
        command.addAll(flags);
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        ServerProcess server = new ServerProcess(process, new Target("127.0.0.1", port));
        try {
            server.awaitReady();
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return server;
    }

    long pid() {
        return process.pid();
    }

    /** Waits for a 200 from {@code /readyz}; fails if the process exits or takes too long. */
    private void awaitReady() throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        URI ready = target.http("/readyz");
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with " + process.exitValue());
            }
            try {
                HttpRequest request =
                        HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(1)).build();
                if (http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode()
                        == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new IllegalStateException(
                "the server was not ready within " + START_TIMEOUT.toSeconds() + " s");
    }

    /** SIGTERM (the server drains and closes its store), then SIGKILL if it lingers. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
