package dev.tictactoe.cli;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.ProtocolException;

import io.netty.util.concurrent.DefaultThreadFactory;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** A kept game's analysis fetched off the session's thread; a busy server is asked again. */
final class AnalysisFetch implements AutoCloseable {

    static final int MAX_TRIES = 3;

    /** The longest wait between two tries, whatever the server asks. */
    static final Duration MAX_WAIT = Duration.ofSeconds(10);

    /** Where analyses come from: the server's HTTP API, or a stand-in in tests. */
    interface Source {
        RoomsApi.AnalysisAnswer analysis(String room, int game);
    }

    sealed interface Outcome {}

    record Fetched(GameAnalysis analysis) implements Outcome {}

    /** No analysis; {@code why} in words. */
    record Failed(String why) implements Outcome {}

    private final Source source;
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(
                    new DefaultThreadFactory("ttt-analysis", true));

    AnalysisFetch(Source source) {
        this.source = source;
    }

    /** The analysis of game {@code game} of {@code room}; completes on this fetch's thread. */
    CompletableFuture<Outcome> fetch(String room, int game) {
        CompletableFuture<Outcome> done = new CompletableFuture<>();
        thread.execute(() -> attempt(room, game, 1, done));
        return done;
    }

    private void attempt(String room, int game, int tries, CompletableFuture<Outcome> done) {
        RoomsApi.AnalysisAnswer answer;
        try {
            answer = source.analysis(room, game);
        } catch (UncheckedIOException e) {
            done.complete(
                    new Failed("cannot reach the server for the analysis: " + e.getMessage()));
            return;
        } catch (ProtocolException e) {
            done.complete(new Failed("the analysis could not be read: " + e.getMessage()));
            return;
        }
        switch (answer) {
            case RoomsApi.Analysed a -> done.complete(new Fetched(a.analysis()));
            case RoomsApi.NotKept n ->
                    done.complete(
                            new Failed(
                                    "no analysis: the server keeps no game "
                                            + game
                                            + " of room "
                                            + room));
            case RoomsApi.Busy b -> {
                if (tries >= MAX_TRIES) {
                    done.complete(
                            new Failed(
                                    "the server is busy analysing games: type history "
                                            + game
                                            + " again later"));
                    return;
                }
                thread.schedule(
                        () -> attempt(room, game, tries + 1, done),
                        waitFor(b.retryAfter()).toMillis(),
                        TimeUnit.MILLISECONDS);
            }
        }
    }

    /** The wait before asking again: what the server asked, at most {@link #MAX_WAIT}. */
    static Duration waitFor(Duration retryAfter) {
        return retryAfter.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : retryAfter;
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
