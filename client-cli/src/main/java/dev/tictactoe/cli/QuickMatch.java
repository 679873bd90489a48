package dev.tictactoe.cli;

import dev.tictactoe.client.MatchApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ProtocolException;

import org.jspecify.annotations.Nullable;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/** {@code ttt play}'s wait for an opponent: asks, shows the wait, asks again, cancels on Ctrl-C. */
record QuickMatch(
        MatchApi api,
        ServerAddress server,
        @Nullable SeatTokens tokens,
        Supplier<String> tickets,
        Display display,
        CompletableFuture<?> interrupted) {

    /** How often a waiting request is looked up to show where it stands. */
    static final Duration STATUS_EVERY = Duration.ofSeconds(1);

    /** How long a cancelled request's answer is awaited before its connection is simply closed. */
    static final Duration CANCEL_WAIT = Duration.ofSeconds(5);

    /** What the user sees while waiting: a line on the terminal, or JSON lines for scripts. */
    interface Display {
        default void asked(MatchApi.Request request) {}

        /** Still waiting, {@code waited} in all; {@code where} null if the server did not say. */
        void waiting(MatchApi.@Nullable Waiting where, Duration waited);

        void answered(MatchApi.Answer answer);
    }

    /** Waits until {@code request} (its ticket replaced each time) is paired; the pairing. */
    MatchApi.Matched find(MatchApi.Request request) {
        long since = System.nanoTime();
        while (true) {
            String ticket = tickets.get();
            MatchApi.Request asked = request.withTicket(ticket);
            display.asked(asked);
            MatchApi.Answer answer = await(ticket, api.start(asked), since);
            display.answered(answer);
            switch (answer) {
                case MatchApi.Matched m -> {
                    return m;
                }
                case MatchApi.TimedOut t -> {} // nobody came within the server's limit: ask again
                case MatchApi.Cancelled c ->
                        throw new UserError("quick match cancelled", ExitCodes.ABORTED);
                case MatchApi.Refused r -> throw new UserError(refusal(r), ExitCodes.ERROR);
            }
        }
    }

    /** The answer to request {@code ticket}, showing where it stands; cancels it on Ctrl-C. */
    private MatchApi.Answer await(
            String ticket, CompletableFuture<MatchApi.Answer> answer, long since) {
        while (true) {
            try {
                CompletableFuture.anyOf(answer, interrupted)
                        .get(STATUS_EVERY.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // A tick, or the answer failed: looked at below.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                interrupted.complete(null);
            }
            if (answer.isDone()) {
                return result(answer);
            }
            if (interrupted.isDone()) {
                return cancel(ticket, answer);
            }
            MatchApi.@Nullable Waiting where;
            try {
                where = api.status(ticket).orElse(null);
            } catch (RuntimeException e) {
                where = null; // only for show: the request's answer tells what went wrong
            }
            display.waiting(where, Duration.ofNanos(System.nanoTime() - since));
        }
    }

    /** Cancels the request; a pairing that came meanwhile is kept on disk and named. */
    private MatchApi.Answer cancel(String ticket, CompletableFuture<MatchApi.Answer> answer) {
        try {
            api.cancel(ticket);
        } catch (RuntimeException e) {
            // Unreachable: closing the request's connection below is all that is left.
        }
        MatchApi.Answer last;
        try {
            last = answer.get(CANCEL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException | InterruptedException e) {
            answer.cancel(true);
            return new MatchApi.Cancelled(ticket);
        }
        if (last instanceof MatchApi.Matched m) {
            if (tokens != null) {
                tokens.save(server, m.code(), m.token());
            }
            String join = "ttt join " + m.code();
            throw new UserError(
                    "paired with %s just as you cancelled: you hold seat %s in room %s; %s takes it"
                            .formatted(m.opponent().name(), m.seat(), m.code(), join),
                    ExitCodes.ABORTED);
        }
        return last;
    }

    private MatchApi.Answer result(CompletableFuture<MatchApi.Answer> answer) {
        try {
            return answer.join();
        } catch (RuntimeException e) {
            throw switch (e.getCause() != null ? e.getCause() : e) {
                case UncheckedIOException io -> ClientOptions.unreachable(server, io);
                case ProtocolException p ->
                        new UserError(
                                "the server's answer to the quick match is not understood: "
                                        + p.getMessage());
                default -> e;
            };
        }
    }

    String refusal(MatchApi.Refused r) {
        return switch (r.code()) {
            case "match_already_queued" ->
                    "you already wait for a game on %s (in another window?): %s"
                            .formatted(server, r.message());
            case "invalid_settings" -> "the server refused the game asked for: " + r.message();
            case "match_queue_full", "server_full" ->
                    "the server is too busy to pair players now: " + r.message();
            default ->
                    r.status() == 404 || r.status() == 405
                            ? "the server at %s does not offer quick match (HTTP %d)"
                                    .formatted(server, r.status())
                            : "the server refused the quick match: %s (%s)"
                                    .formatted(r.message(), r.code());
        };
    }
}
