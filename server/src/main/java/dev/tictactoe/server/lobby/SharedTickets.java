package dev.tictactoe.server.lobby;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisAsyncCommands;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The quick-match tickets of every node, in Redis: each operation is one Lua script, so it is
 * atomic across nodes. Knows the keys and the scripts' answers, nothing of waiters or rooms.
 */
final class SharedTickets {

    /** Every key starts with this. */
    static final String PREFIX = "ttt:match:";

    private static final String TICKET = PREFIX + "t:";
    private static final String PLAYER = PREFIX + "p:";
    private static final String QUEUE = PREFIX + "q:";
    private static final String WAITING = PREFIX + "waiting";

    private static final String ENQUEUE = script("enqueue.lua");
    private static final String CLAIM = script("claim.lua");
    private static final String ANSWER = script("answer.lua");
    private static final String STATUS = script("status.lua");

    sealed interface Arrival {
        record Refused(Enqueued.Refusal reason) implements Arrival {}

        record Queued() implements Arrival {}

        /** Paired with {@code ticket}, which waits on {@code node}. */
        record Paired(String ticket, String node, String name, String player) implements Arrival {}
    }

    /** The answer to {@link #claim}: taken out by the caller, or already ended otherwise. */
    sealed interface Claim {
        /** Taken out of the queue; it waited on {@code node}. */
        record Claimed(String node) implements Claim {}

        /** Paired elsewhere, and its answer stored. */
        record Answered(String node, String answer) implements Claim {}

        /** Paired elsewhere; its answer is on the way. */
        record Pending(String node) implements Claim {}

        /** Nothing is known of it (never seen, cancelled, or expired). */
        record Gone() implements Claim {}
    }

    private final RedisAsyncCommands<String, String> redis;

    SharedTickets(RedisAsyncCommands<String, String> redis) {
        this.redis = redis;
    }

    /** The channel a node hears its tickets' answers on. */
    static String channel(String node) {
        return PREFIX + "node:" + node;
    }

    CompletionStage<Arrival> enqueue(Ticket ticket, String node, Duration wait) {
        MatchKey key = ticket.key();
        String[] keys = {QUEUE + key, TICKET + ticket.id(), PLAYER + ticket.player(), WAITING};
        return this.<List<Object>>eval(
                        ENQUEUE,
                        keys,
                        ticket.id(),
                        node,
                        ticket.player(),
                        ticket.name(),
                        Long.toString(wait.toMillis()),
                        Integer.toString(key.rules().size()),
                        Integer.toString(key.rules().winLength()),
                        key.timeControl() == null ? "" : key.timeControl().toString(),
                        TICKET,
                        PLAYER)
                .thenApply(
                        reply ->
                                switch (text(reply, 0)) {
                                    case "already_queued" ->
                                            new Arrival.Refused(Enqueued.Refusal.ALREADY_QUEUED);
                                    case "ticket_in_use" ->
                                            new Arrival.Refused(Enqueued.Refusal.TICKET_IN_USE);
                                    case "paired" ->
                                            new Arrival.Paired(
                                                    text(reply, 1),
                                                    text(reply, 2),
                                                    text(reply, 3),
                                                    text(reply, 4));
                                    default -> new Arrival.Queued();
                                });
    }

    CompletionStage<Claim> claim(String ticket) {
        return this.<List<Object>>eval(
                        CLAIM, new String[] {TICKET + ticket, WAITING}, ticket, PLAYER)
                .thenApply(
                        reply ->
                                switch (text(reply, 0)) {
                                    case "claimed" -> new Claim.Claimed(text(reply, 1));
                                    case "answered" ->
                                            new Claim.Answered(text(reply, 1), text(reply, 2));
                                    case "pending" -> new Claim.Pending(text(reply, 1));
                                    default -> new Claim.Gone();
                                });
    }

    /** Stores {@code answer} under {@code ticket} and publishes it to {@code node}. */
    CompletionStage<Object> answer(String ticket, String node, String answer) {
        return redis.eval(
                ANSWER,
                ScriptOutputType.INTEGER,
                new String[] {TICKET + ticket},
                channel(node),
                answer);
    }

    CompletionStage<@Nullable String> storedAnswer(String ticket) {
        return redis.hget(TICKET + ticket, "answer").thenApply(answer -> answer);
    }

    /** Tells {@code node} something of its ticket without storing it (the ticket is gone). */
    CompletionStage<Long> publish(String node, String message) {
        return redis.publish(channel(node), message);
    }

    /** Where a ticket waiting on any node stands, or empty. */
    CompletionStage<Optional<Enqueued.Waiting>> status(String ticket) {
        return this.<List<Object>>eval(STATUS, new String[] {TICKET + ticket, WAITING}, ticket)
                .thenApply(
                        reply -> {
                            if (reply.isEmpty()) {
                                return Optional.empty();
                            }
                            MatchKey key =
                                    MatchKey.of(
                                            Integer.parseInt(text(reply, 6)),
                                            Integer.parseInt(text(reply, 7)),
                                            text(reply, 8));
                            return Optional.of(
                                    new Enqueued.Waiting(
                                            Ticket.of(ticket, text(reply, 0), text(reply, 1), key),
                                            Integer.parseInt(text(reply, 2)),
                                            Integer.parseInt(text(reply, 3)),
                                            Integer.parseInt(text(reply, 4)),
                                            Duration.ofMillis(Long.parseLong(text(reply, 5)))));
                        });
    }

    @SuppressWarnings("unchecked")
    private <T> CompletionStage<T> eval(String script, String[] keys, String... args) {
        return (CompletionStage<T>) redis.eval(script, ScriptOutputType.MULTI, keys, args);
    }

    private static String text(List<Object> reply, int index) {
        Object value = index < reply.size() ? reply.get(index) : null;
        return value == null ? "" : value.toString();
    }

    private static String script(String name) {
        try (InputStream in = SharedTickets.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing script " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
