package dev.tictactoe.bench.load;

import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.NewRoom;

import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Creates the rooms (over HTTP; none for a relay), opens both connections of each and seats the
 * players, a bounded number of rooms at a time, within a deadline.
 */
final class Setup {

    /** Rooms being created or joined at once. */
    static final int IN_FLIGHT = 64;

    /** Threads making HTTP room-creation requests. */
    static final int HTTP_THREADS = 4;

    private final Shared shared;
    private final EventLoopGroup group;
    private final AtomicInteger ready = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicReference<@Nullable Throwable> firstFailure = new AtomicReference<>();
    private final List<Table> all = new ArrayList<>();
    private int requested;

    Setup(Shared shared, EventLoopGroup group) {
        this.shared = shared;
        this.group = group;
    }

    /** Opens {@code rooms} tables; the ones that failed are left out (see {@link #failed()}). */
    List<Table> open(int rooms) throws InterruptedException {
        requested = rooms;
        LoadSettings s = shared.settings();
        long deadline =
                System.nanoTime()
                        + TimeUnit.SECONDS.toNanos(60)
                        + TimeUnit.MILLISECONDS.toNanos(20L * rooms);
        RoomsApi api = s.relay() ? null : new RoomsApi(s.target().http(""));
        NewRoom newRoom =
                new NewRoom(s.size(), s.winLength(), "X", "X", true, true, null, null, null);
        ExecutorService http =
                Executors.newFixedThreadPool(
                        HTTP_THREADS,
                        r -> {
                            Thread t = new Thread(r, "load-http");
                            t.setDaemon(true);
                            return t;
                        });
        Semaphore permits = new Semaphore(IN_FLIGHT);
        List<Table> tables = all;
        List<CompletableFuture<Void>> connected = new ArrayList<>(rooms);
        try {
            for (int i = 0; i < rooms; i++) {
                if (!permits.tryAcquire(
                        Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    throw new IllegalStateException(
                            "setting up " + rooms + " rooms took too long: " + status());
                }
                int index = i;
                CompletableFuture<Table> table =
                        s.relay()
                                ? CompletableFuture.completedFuture(
                                        new RelayTable(shared, group.next(), s.target(), index))
                                : CompletableFuture.supplyAsync(
                                                () ->
                                                        Objects.requireNonNull(api)
                                                                .create(newRoom)
                                                                .code(),
                                                http)
                                        .thenApply(
                                                code ->
                                                        new GameTable(
                                                                shared,
                                                                group.next(),
                                                                s.target(),
                                                                code,
                                                                index));
                CompletableFuture<Void> done =
                        table.thenCompose(
                                        t -> {
                                            synchronized (tables) {
                                                tables.add(t);
                                            }
                                            return t.connect();
                                        })
                                .whenComplete(
                                        (ok, failure) -> {
                                            permits.release();
                                            if (failure == null) {
                                                ready.incrementAndGet();
                                            } else {
                                                failed.incrementAndGet();
                                                firstFailure.compareAndSet(null, failure);
                                            }
                                        });
                connected.add(done);
                if (failed.get() > 0
                        && ready.get() == 0
                        && failed.get() >= Math.min(rooms, IN_FLIGHT)) {
                    break; // nothing works: stop early with the first reason
                }
            }
            CompletableFuture<Void> all =
                    CompletableFuture.allOf(connected.toArray(CompletableFuture[]::new));
            try {
                all.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                // counted per room above
            } catch (java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException(
                        "setting up " + rooms + " rooms took too long: " + status());
            }
        } finally {
            http.shutdownNow();
        }
        if (ready.get() == 0) {
            Throwable why = firstFailure.get();
            throw new IllegalStateException("no room could be set up: " + describe(why), why);
        }
        List<Table> ok = new ArrayList<>();
        synchronized (tables) {
            for (Table t : tables) {
                if (t.connections().size() == 2) {
                    ok.add(t);
                }
            }
        }
        return ok;
    }

    /** Every table made, ready or not: what must be closed at the end. */
    List<Table> all() {
        synchronized (all) {
            return List.copyOf(all);
        }
    }

    /** For progress lines. */
    String status() {
        return String.format(
                Locale.ROOT,
                "%d/%d rooms ready%s",
                ready.get(),
                requested,
                failed.get() == 0
                        ? ""
                        : ", " + failed.get() + " failed (" + describe(firstFailure.get()) + ")");
    }

    int failed() {
        return failed.get();
    }

    @Nullable String firstFailure() {
        return failed.get() == 0 ? null : describe(firstFailure.get());
    }

    private static String describe(@Nullable Throwable t) {
        while (t != null
                && t.getCause() != null
                && (t instanceof java.util.concurrent.CompletionException
                        || t instanceof java.util.concurrent.ExecutionException)) {
            t = t.getCause();
        }
        return t == null ? "unknown" : t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
