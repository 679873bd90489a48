package dev.tictactoe.bench.load;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** One line per second to stderr: the phase of the run and what it is doing. */
final class Progress implements AutoCloseable {

    private final PrintStream out;
    private final long started = System.nanoTime();
    private final ScheduledExecutorService ticker =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "load-progress");
                        t.setDaemon(true);
                        return t;
                    });
    private volatile String phase = "start";
    private volatile Supplier<String> detail = () -> "";

    Progress(PrintStream out) {
        this.out = out;
        ticker.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    /** From now on, lines show {@code name} and what {@code detail} says each second. */
    void phase(String name, Supplier<String> detail) {
        this.detail = detail;
        this.phase = name;
    }

    /** Prints a line now, outside the one-second rhythm. */
    void note(String text) {
        out.println(String.format(Locale.ROOT, "[%6.1fs] %s", elapsedSeconds(), text));
    }

    double elapsedSeconds() {
        return (System.nanoTime() - started) / 1e9;
    }

    private void tick() {
        try {
            out.println(
                    String.format(
                            Locale.ROOT,
                            "[%6.1fs] %-8s %s",
                            elapsedSeconds(),
                            phase,
                            detail.get()));
        } catch (RuntimeException e) {
            out.println("progress: " + e);
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
