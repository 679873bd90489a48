package dev.tictactoe.bench.load;

import dev.tictactoe.client.GameConnection;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Two generated players in one room (or one relay pair), confined to one event loop. */
sealed interface Table permits GameTable, RelayTable {

    /** Opens both connections and seats the players; completes when both may play. */
    CompletableFuture<Void> connect();

    /** Starts playing (a no-op when the server starts the game by itself). */
    void start();

    /** Finish the current game, then start no other. */
    void stop();

    /** True when no game is in progress (after {@link #stop()}: nothing more will happen). */
    boolean settled();

    /** The open connections. */
    List<GameConnection> connections();
}
