package dev.tictactoe.client;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A {@link GameClient}'s room view and last messages: written by its follower, read by tests. */
final class SharedView implements RoomFollower.State {
    private static final int SEEN_KEPT = 100;

    private final RoomView view = new RoomView(); // guarded by this
    private final ArrayDeque<ServerMessage> seen = new ArrayDeque<>(); // guarded by this

    @Override
    public synchronized RoomView.Update apply(ServerMessage message) {
        RoomView.Update update = view.apply(message);
        if (update == RoomView.Update.APPLIED) {
            notifyAll();
        }
        return update;
    }

    @Override
    public synchronized @Nullable Long lastVersion() {
        return view.lastVersion();
    }

    synchronized void seen(ServerMessage message) {
        if (seen.size() == SEEN_KEPT) {
            seen.removeFirst();
        }
        seen.addLast(message);
    }

    /** Wakes the waits: the connection closed. */
    synchronized void stopped() {
        notifyAll();
    }

    synchronized @Nullable Snapshot snapshot() {
        return view.snapshot();
    }

    synchronized long version() {
        return view.version();
    }

    synchronized List<ServerMessage> seen() {
        return List.copyOf(seen);
    }

    /** Waits until the state matches, the connection {@code closed}, or the time runs out. */
    synchronized Snapshot await(
            Predicate<? super Snapshot> predicate,
            Duration within,
            CompletableFuture<GameConnection.CloseInfo> closed) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Snapshot s = view.snapshot();
            if (s != null && predicate.test(s)) {
                return s;
            }
            String state = s == null ? "none" : MessageCodec.toTree(s).toString();
            if (closed.isDone()) {
                throw new IllegalStateException(
                        "connection closed ("
                                + closed.join()
                                + ") before the state matched; state: "
                                + state);
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new IllegalStateException(
                        "state did not match within "
                                + within
                                + "; state: "
                                + state
                                + "; recent messages: "
                                + Inbox.describe(new ArrayList<>(seen)));
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }
}
