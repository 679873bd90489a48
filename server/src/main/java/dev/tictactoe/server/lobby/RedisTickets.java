package dev.tictactoe.server.lobby;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.lettuce.core.ScriptOutputType;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** The quick-match tickets of every node, in Redis, one Lua script per operation. */
final class RedisTickets implements Tickets, AutoCloseable {

    static final String PREFIX = "ttt:match:";

    private static final String TICKET = PREFIX + "t:";
    private static final String PLAYER = PREFIX + "p:";
    private static final String QUEUE = PREFIX + "q:";
    private static final String WAITING = PREFIX + "waiting";

    private static final String ENQUEUE = script("enqueue.lua");
    private static final String CLAIM = script("claim.lua");
    private static final String ANSWER = script("answer.lua");
    private static final String STATUS = script("status.lua");

    private static final Logger log = LoggerFactory.getLogger(RedisTickets.class);

    private final String node;
    private final Consumer<NodeAnswer> answers;
    private final Supplier<Collection<Held>> held;
    private final RedisLink link;

    /** After a resubscribe, answers published meanwhile are read back for {@code held}. */
    RedisTickets(
            URI redis,
            String node,
            Matchmaker.Scheduler retries,
            Consumer<NodeAnswer> answers,
            Supplier<Collection<Held>> held) {
        this.node = node;
        this.answers = answers;
        this.held = held;
        this.link = new RedisLink(redis, retries, channel(node), this::heard, this::reread);
    }

    private void heard(@Nullable String message) {
        if (message != null) {
            NodeAnswer.read(message)
                    .ifPresentOrElse(
                            answers, () -> log.warn("unreadable quick-match message on {}", node));
        }
    }

    private void reread() {
        for (Held h : link.up() ? held.get() : List.<Held>of()) {
            if (h.store == this) {
                link.commands()
                        .async()
                        .hget(TICKET + h.ticket.id(), "answer")
                        .thenAccept(this::heard);
            }
        }
    }

    boolean up() {
        return link.up();
    }

    private static String channel(String node) {
        return PREFIX + "node:" + node;
    }

    @Override
    public CompletionStage<Enqueued> enqueue(
            Ticket ticket, boolean mayWait, Duration wait, long now) {
        MatchKey key = ticket.key();
        String[] keys = {QUEUE + key, TICKET + ticket.id(), PLAYER + ticket.player(), WAITING};
        return eval(
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
                        PLAYER,
                        mayWait ? "1" : "0")
                .thenApply(reply -> arrival(reply, ticket));
    }

    private static Enqueued arrival(List<Object> reply, Ticket ticket) {
        return switch (text(reply, 0)) {
            case "already_queued", "ticket_in_use", "queue_full" ->
                    Enqueued.Refused.valueOf(text(reply, 0).toUpperCase(Locale.ROOT));
            case "paired" ->
                    new Enqueued.Paired(
                            Ticket.of(text(reply, 1), text(reply, 4), text(reply, 3), ticket.key()),
                            text(reply, 2));
            default -> new Enqueued.Queued();
        };
    }

    @Override
    public CompletionStage<Claim> claim(String ticket) {
        return eval(CLAIM, new String[] {TICKET + ticket, WAITING}, ticket, PLAYER)
                .thenApply(RedisTickets::claimed);
    }

    private static Claim claimed(List<Object> reply) {
        return switch (text(reply, 0)) {
            case "claimed" -> new Claim.Claimed(text(reply, 1));
            case "answered" ->
                    NodeAnswer.read(text(reply, 2))
                            .<Claim>map(Claim.Answered::new)
                            .orElse(new Claim.Gone());
            case "pending" -> new Claim.Pending();
            default -> new Claim.Gone();
        };
    }

    /** Stores the answer under its ticket (pub/sub may drop it) and publishes it to {@code to}. */
    void tell(String to, NodeAnswer answer) {
        link.commands()
                .async()
                .eval(
                        ANSWER,
                        ScriptOutputType.INTEGER,
                        new String[] {TICKET + answer.ticket()},
                        channel(to),
                        answer.json())
                .exceptionally(
                        failure -> {
                            log.warn(
                                    "an answer to node {} was not sent: {}",
                                    to,
                                    failure.toString());
                            return null;
                        });
    }

    @Override
    public CompletionStage<Optional<Enqueued.Waiting>> status(String ticket, long now) {
        return eval(STATUS, new String[] {TICKET + ticket, WAITING}, ticket)
                .thenApply(reply -> reply.isEmpty() ? Optional.empty() : waiting(reply, ticket));
    }

    private static Optional<Enqueued.Waiting> waiting(List<Object> reply, String ticket) {
        MatchKey key = MatchKey.of(number(reply, 6), number(reply, 7), text(reply, 8));
        return Optional.of(
                new Enqueued.Waiting(
                        Ticket.of(ticket, text(reply, 0), text(reply, 1), key),
                        number(reply, 2),
                        number(reply, 3),
                        number(reply, 4),
                        Duration.ofMillis(Long.parseLong(text(reply, 5)))));
    }

    @Override
    public void close() {
        link.close();
    }

    @SuppressWarnings("unchecked")
    private CompletionStage<List<Object>> eval(String script, String[] keys, String... args) {
        return (CompletionStage<List<Object>>)
                (CompletionStage<?>)
                        link.commands().async().eval(script, ScriptOutputType.MULTI, keys, args);
    }

    private static String text(List<Object> reply, int index) {
        Object value = index < reply.size() ? reply.get(index) : null;
        return value == null ? "" : value.toString();
    }

    private static int number(List<Object> reply, int index) {
        return Integer.parseInt(text(reply, index));
    }

    private static String script(String name) {
        try (InputStream in = RedisTickets.class.getResourceAsStream(name)) {
            return new String(Objects.requireNonNull(in, name).readAllBytes(), UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
