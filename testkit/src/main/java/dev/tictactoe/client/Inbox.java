package dev.tictactoe.client;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** What a {@link GameClient} received, in order, and at a connection's end how it closed. */
final class Inbox {

    private record Closed(GameConnection.CloseInfo info) {}

    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();

    /** Forgets everything not taken yet: what an old connection said is history. */
    void clear() {
        queue.clear();
    }

    void add(ServerMessage message) {
        queue.add(message);
    }

    /** The connection closed so; waits fail from here on. */
    void closed(GameConnection.CloseInfo info) {
        queue.add(new Closed(info));
    }

    ServerMessage await(Predicate<? super ServerMessage> predicate, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        List<Object> skipped = new ArrayList<>();
        try {
            while (true) {
                Object next =
                        queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (next == null) {
                    throw new IllegalStateException(
                            "no matching message within "
                                    + within
                                    + "; skipped "
                                    + describe(skipped));
                }
                if (next instanceof Closed closed) {
                    queue.add(closed); // every later wait fails the same way
                    throw new IllegalStateException(
                            "connection closed ("
                                    + closed.info()
                                    + ") before a matching message; skipped "
                                    + describe(skipped));
                }
                ServerMessage message = (ServerMessage) next;
                if (predicate.test(message)) {
                    return message;
                }
                skipped.add(message);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Messages one a line, as JSON, for a failure's message; "nothing" for none. */
    static String describe(List<?> messages) {
        if (messages.isEmpty()) {
            return "nothing";
        }
        StringBuilder sb = new StringBuilder();
        for (Object m : messages) {
            sb.append("\n  ").append(m instanceof ServerMessage s ? MessageCodec.encode(s) : m);
        }
        return sb.toString();
    }
}
