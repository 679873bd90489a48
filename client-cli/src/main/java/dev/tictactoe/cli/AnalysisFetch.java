package dev.tictactoe.cli;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.ProtocolException;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/** A game's analysis from {@code source}, off the session's thread; a busy one is asked again. */
record AnalysisFetch(BiFunction<String, Integer, RoomsApi.AnalysisAnswer> source) {

    static final int MAX_TRIES = 3;

    /** The longest wait between two tries, whatever the server asks. */
    static final Duration MAX_WAIT = Duration.ofSeconds(10);

    sealed interface Outcome {}

    record Fetched(GameAnalysis analysis) implements Outcome {}

    /** No analysis; {@code why} in words. */
    record Failed(String why) implements Outcome {}

    /** The analysis of game {@code game} of {@code room}, asked for on a pool thread. */
    CompletableFuture<Outcome> fetch(String room, int game) {
        return attempt(room, game, 1, Duration.ZERO);
    }

    private CompletableFuture<Outcome> attempt(String room, int game, int tries, Duration wait) {
        Executor later = CompletableFuture.delayedExecutor(wait.toMillis(), TimeUnit.MILLISECONDS);
        return CompletableFuture.supplyAsync(() -> source.apply(room, game), later)
                .thenCompose(
                        answer ->
                                answer instanceof RoomsApi.Busy b && tries < MAX_TRIES
                                        ? attempt(room, game, tries + 1, waitFor(b.retryAfter()))
                                        : CompletableFuture.completedFuture(
                                                outcome(answer, room, game)))
                .exceptionally(AnalysisFetch::failed);
    }

    private static Outcome outcome(RoomsApi.AnalysisAnswer answer, String room, int game) {
        return switch (answer) {
            case GameAnalysis a -> new Fetched(a);
            case RoomsApi.NotKept n ->
                    new Failed(
                            "no analysis: the server keeps no game " + game + " of room " + room);
            case RoomsApi.Busy b ->
                    new Failed(
                            "the server is busy analysing games: type history %d again later"
                                    .formatted(game));
        };
    }

    /** A failure of the source in words; anything else stays a failure. */
    private static Outcome failed(Throwable e) {
        Throwable cause =
                e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        return switch (cause) {
            case UncheckedIOException io ->
                    new Failed("cannot reach the server for the analysis: " + io.getMessage());
            case ProtocolException p ->
                    new Failed("the analysis could not be read: " + p.getMessage());
            default -> throw new CompletionException(cause);
        };
    }

    /** The wait before asking again: what the server asked, at most {@link #MAX_WAIT}. */
    static Duration waitFor(Duration retryAfter) {
        return retryAfter.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : retryAfter;
    }
}
