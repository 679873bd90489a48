package dev.tictactoe.client;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** What a {@link GameClient}'s follower reported, under one monitor: state, messages, the close. */
final class Inbox implements RoomFollower.Listener {
    private static final int SEEN_KEPT = 100;

    private final RoomView view;
    private final ArrayDeque<ServerMessage> pending = new ArrayDeque<>();
    private final ArrayDeque<ServerMessage> seen = new ArrayDeque<>();
    private @Nullable Snapshot snapshot;
    private GameConnection.@Nullable CloseInfo closed;

    Inbox(RoomView view) {
        this.view = view;
    }

    /** Forgets everything not taken yet: what an old connection said is history. */
    @Override
    public synchronized void onConnected(GameConnection connection) {
        pending.clear();
        closed = null;
    }

    /** A message, and the room state once the follower's view took it in. */
    @Override
    public synchronized void onMessage(ServerMessage message) {
        snapshot = view.snapshot();
        pending.addLast(message);
        if (seen.size() == SEEN_KEPT) {
            seen.removeFirst();
        }
        seen.addLast(message);
        notifyAll();
    }

    /** Waits fail from here on. */
    @Override
    public synchronized void onStopped(RoomFollower.Listener.Stopped stopped) {
        closed =
                Objects.requireNonNullElseGet(
                        stopped.close(),
                        () ->
                                new GameConnection.CloseInfo(
                                        CloseCodes.ABNORMAL, String.valueOf(stopped.reason())));
        notifyAll();
    }

    synchronized @Nullable Snapshot snapshot() {
        return snapshot;
    }

    synchronized long version() {
        return snapshot == null ? -1 : snapshot.version();
    }

    synchronized List<ServerMessage> seen() {
        return List.copyOf(seen);
    }

    synchronized ServerMessage await(Predicate<? super ServerMessage> predicate, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        List<ServerMessage> skipped = new ArrayList<>();
        while (true) {
            for (ServerMessage next; (next = pending.poll()) != null; ) {
                if (predicate.test(next)) {
                    return next;
                }
                skipped.add(next);
            }
            waitUntil(
                    deadline,
                    () -> "before a matching message; skipped " + describe(skipped),
                    () ->
                            "no matching message within %s; skipped %s"
                                    .formatted(within, describe(skipped)));
        }
    }

    /** Waits until the room state matches, the connection closes, or the time runs out. */
    synchronized Snapshot awaitSnapshot(Predicate<? super Snapshot> predicate, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Snapshot s = snapshot;
            if (s != null && predicate.test(s)) {
                return s;
            }
            String state = s == null ? "none" : MessageCodec.toTree(s).toString();
            waitUntil(
                    deadline,
                    () -> "before the state matched; state: " + state,
                    () ->
                            "state did not match within %s; state: %s; recent messages: %s"
                                    .formatted(within, state, describe(seen)));
        }
    }

    /** Waits for a change; fails once closed, or with {@code timedOut} after {@code deadline}. */
    private void waitUntil(long deadline, Supplier<String> unmet, Supplier<String> timedOut) {
        if (closed != null) {
            throw new IllegalStateException("connection closed (" + closed + ") " + unmet.get());
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new IllegalStateException(timedOut.get());
        }
        try {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Messages one a line, as JSON, for a failure's message; "nothing" for none. */
    private static String describe(Collection<ServerMessage> messages) {
        return messages.isEmpty()
                ? "nothing"
                : messages.stream()
                        .map(m -> "\n  " + MessageCodec.encode(m))
                        .collect(Collectors.joining());
    }
}
