package dev.tictactoe.server.net;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.bot.Analysis;
import dev.tictactoe.server.lobby.Lobby;
import dev.tictactoe.server.lobby.Matchmaker;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.store.Store;

import io.netty.util.concurrent.GlobalEventExecutor;

import java.util.SplittableRandom;

/**
 * What every connection's handlers share: the rooms, quick match, the settings, the counters, the
 * limits, the page, the analyses of finished games, the idle sweeps and the probes.
 */
record Services(
        RoomRegistry rooms,
        MatchApi matches,
        ServerConfig config,
        ServerMetrics metrics,
        ServerState state,
        AddressBudget unknownCodes,
        ClientAddress clients,
        LogLimiter clientLog,
        StaticFiles files,
        OriginPolicy origins,
        Store games,
        GameAnalyses analyses,
        IdleSweeps sweeps,
        ProbeReplies probes) {

    /** For handlers tested alone: quick-match timers run on Netty's global executor. */
    static Services of(RoomRegistry rooms, ServerConfig config) {
        ServerMetrics metrics = ServerMetrics.create();
        return of(
                rooms,
                config,
                metrics,
                null,
                MatchApi.matchmaker(
                        config,
                        rooms,
                        metrics,
                        GlobalEventExecutor.INSTANCE,
                        new SplittableRandom()));
    }

    /** {@code games} is where finished games are kept, or null when the server keeps none. */
    static Services of(
            RoomRegistry rooms,
            ServerConfig config,
            ServerMetrics metrics,
            Store games,
            Matchmaker matchmaker) {
        return of(rooms, config, metrics, games, Lobby.local(matchmaker));
    }

    /** Quick match through {@code lobby}: this node's, or across nodes. */
    static Services of(
            RoomRegistry rooms,
            ServerConfig config,
            ServerMetrics metrics,
            Store games,
            Lobby lobby) {
        ServerState state = new ServerState();
        return new Services(
                rooms,
                new MatchApi(lobby, config.maxNameLength()),
                config,
                metrics,
                state,
                new AddressBudget(
                        config.unknownCodesPerSecond(),
                        config.unknownCodeBurst(),
                        System::nanoTime),
                new ClientAddress(config.trustedProxies()),
                new LogLimiter(System::nanoTime),
                new StaticFiles(),
                new OriginPolicy(config.allowedOrigins()),
                games,
                new GameAnalyses(Analysis.DEFAULT_NODES),
                new IdleSweeps(
                        config.pingInterval(), config.requestTimeout(), config.heartbeatTimeout()),
                new ProbeReplies(state, metrics, config.benchEndpoints()));
    }
}
