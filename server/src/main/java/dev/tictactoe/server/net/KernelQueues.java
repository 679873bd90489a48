package dev.tictactoe.server.net;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/** The bytes in the kernel's send queues of the server's sockets, from Linux's /proc/net/tcp*. */
final class KernelQueues {

    /** How old a reading may be before a scrape asks for a new one. */
    static final long REFRESH_NANOS = 5_000_000_000L;

    private static final List<Path> TABLES =
            List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));

    private final int port;
    private final AtomicBoolean reading = new AtomicBoolean();
    private volatile long last;
    private volatile long readAt = Long.MIN_VALUE;

    KernelQueues(int port) {
        this.port = port;
    }

    /** The newest reading, read off the loop: the tables take tens of milliseconds to read. */
    long latest() {
        if (System.nanoTime() - readAt > REFRESH_NANOS && reading.compareAndSet(false, true)) {
            CompletableFuture.runAsync(
                    () -> {
                        try {
                            last = sendQueued(port);
                            readAt = System.nanoTime();
                        } finally {
                            reading.set(false);
                        }
                    });
        }
        return last;
    }

    static long sendQueued(int port) {
        long total = 0;
        for (Path table : TABLES) {
            // The first line names the columns.
            try (Stream<String> lines = Files.lines(table, StandardCharsets.US_ASCII)) {
                total += lines.skip(1).mapToLong(line -> sendQueued(line, port)).sum();
            } catch (IOException | RuntimeException e) {
                // Not Linux, or a table that changed shape: nothing to add.
            }
        }
        return total;
    }

    /** A table line is {@code sl local rem st tx_queue:rx_queue ...}, in hex. */
    static long sendQueued(String line, int port) {
        String[] fields = line.trim().split("\\s+", 6);
        if (fields.length < 5) {
            return 0;
        }
        String local = fields[1];
        int localPort = Integer.parseInt(local.substring(local.indexOf(':') + 1), 16);
        if (localPort != port) {
            return 0;
        }
        String queues = fields[4];
        return Long.parseLong(queues.substring(0, queues.indexOf(':')), 16);
    }
}
