package dev.tictactoe.server.net;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.bot.Analysis;
import dev.tictactoe.server.lobby.Matchmaker;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.BotRunner;
import dev.tictactoe.server.room.RoomJournal;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.store.Store;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.GlobalEventExecutor;

import java.util.SplittableRandom;

/** A connection's handlers wired as the server wires them, for handlers tested alone. */
final class Wiring {

    private final ServerState state = new ServerState();
    private final ServerConfig config;
    private final ServerMetrics metrics;
    private final ServerInitializer initializer;

    private Wiring(
            RoomRegistry rooms,
            ServerConfig config,
            ServerMetrics metrics,
            Store games,
            Matchmaker matchmaker) {
        this.config = config;
        this.metrics = metrics;
        initializer =
                new ServerInitializer(
                        config.net(),
                        state,
                        metrics,
                        rooms,
                        matchmaker,
                        games,
                        new GameAnalyses(Analysis.DEFAULT_NODES));
    }

    /** Rooms in memory, on {@code loops}, with no node character and their own meters. */
    static RoomRegistry rooms(ServerConfig config, EventLoopGroup loops, BotRunner bots) {
        return new RoomRegistry(
                config.rooms(), null, loops, bots, new ServerMetrics(), RoomJournal.NONE);
    }

    /** No store; quick-match timers run on Netty's global executor. */
    static Wiring of(RoomRegistry rooms, ServerConfig config) {
        ServerMetrics metrics = new ServerMetrics();
        return of(
                rooms,
                config,
                metrics,
                null,
                MatchApi.matchmaker(
                        config.match(),
                        config.cluster(),
                        rooms,
                        metrics,
                        GlobalEventExecutor.INSTANCE,
                        new SplittableRandom()));
    }

    /** {@code games} is where finished games are kept, or null when the server keeps none. */
    static Wiring of(
            RoomRegistry rooms,
            ServerConfig config,
            ServerMetrics metrics,
            Store games,
            Matchmaker matchmaker) {
        return new Wiring(rooms, config, metrics, games, matchmaker);
    }

    ServerState state() {
        return state;
    }

    StaticFiles files() {
        return initializer.endpoints().files();
    }

    RequestHandler requestHandler() {
        return new RequestHandler(initializer.endpoints(), false);
    }

    SessionHandler sessionHandler() {
        return new SessionHandler(config.net(), metrics, new LogLimiter(System::nanoTime), state);
    }
}
