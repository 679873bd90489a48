package dev.tictactoe.server.cluster;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real engine (nginx, HAProxy, redis-server) or a server process run by a test on loopback, its
 * output in a file, stopped by its own PID. Skipped without the engine, except in CI (env CI set),
 * where it fails.
 */
final class Daemon implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(30);

    final String name;
    final Process process;
    final Path output;

    private Daemon(String name, Process process, Path output) {
        this.name = name;
        this.process = process;
        this.output = output;
    }

    /** The first executable of {@code candidates}; aborts the test (fails on CI) without one. */
    static String binary(String name, String... candidates) {
        for (String candidate : candidates) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        String why = name + " is not installed (apt-get install " + name + ")";
        if (System.getenv("CI") != null) {
            throw new AssertionError(why);
        }
        Assumptions.abort(why);
        return null;
    }

    static String nginx() {
        return binary("nginx-light", "/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx");
    }

    static String haproxy() {
        return binary("haproxy", "/usr/sbin/haproxy", "/usr/local/sbin/haproxy");
    }

    static String redis() {
        return binary("redis-server", "/usr/bin/redis-server", "/usr/local/bin/redis-server");
    }

    /** Starts {@code command}, its output to {@code dir/name.out}; waits for {@code port}. */
    static Daemon start(String name, Path dir, int port, List<String> command) throws IOException {
        Path output = dir.resolve(name + ".out");
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
                        .start();
        Daemon daemon = new Daemon(name, process, output);
        daemon.awaitListening(port);
        return daemon;
    }

    /** Waits until something accepts on {@code port}, failing early if the process dies. */
    void awaitListening(int port) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException e) {
                if (!process.isAlive()) {
                    throw new AssertionError(name + " exited: " + log());
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(name + " did not listen on " + port + ": " + log());
                }
                // Nothing signals that a process has opened its port: poll it, early on its exit.
                try {
                    process.onExit().get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException | java.util.concurrent.ExecutionException stillRunning) {
                    // try the port again
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted");
                }
            }
        }
    }

    /** Sends {@code signal} (HUP, KILL, ...) to this process by its PID. */
    void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, "" + process.pid()).start();
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + signal + " " + process.pid() + " failed");
        }
    }

    /** SIGKILL, and waits for the end. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    String log() {
        try {
            return Files.exists(output) ? Files.readString(output) : "(no output)";
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** SIGTERM, then SIGKILL after the wait. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** nginx in the foreground with its files in {@code dir}. */
    static Daemon nginx(Path dir, Path conf, int port) throws IOException {
        return start(
                "nginx",
                dir,
                port,
                List.of(
                        nginx(),
                        "-p",
                        dir.toString(),
                        "-c",
                        conf.toString(),
                        "-g",
                        "daemon off; pid "
                                + dir.resolve("nginx.pid")
                                + "; error_log "
                                + dir.resolve("nginx-error.log")
                                + ";"));
    }

    /** HAProxy in the foreground. */
    static Daemon haproxy(Path dir, Path conf, int port) throws IOException {
        return start("haproxy", dir, port, List.of(haproxy(), "-db", "-f", conf.toString()));
    }

    /** A redis-server on {@code port} keeping nothing on disk. */
    static Daemon redis(Path dir, int port) throws IOException {
        return start(
                "redis",
                dir,
                port,
                List.of(
                        redis(),
                        "--port",
                        "" + port,
                        "--bind",
                        "127.0.0.1",
                        "--save",
                        "",
                        "--appendonly",
                        "no",
                        "--dir",
                        dir.toString()));
    }
}
