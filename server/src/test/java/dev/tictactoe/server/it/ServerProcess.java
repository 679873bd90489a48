package dev.tictactoe.server.it;

import java.util.ArrayList;
import java.util.List;

/** The server's own `Main` in a child process on loopback, with this test run's classpath. */
final class ServerProcess {

    private ServerProcess() {}

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
}
