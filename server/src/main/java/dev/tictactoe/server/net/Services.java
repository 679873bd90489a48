package dev.tictactoe.server.net;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.store.ArchiveRunner;

/** What every connection's handlers share: the rooms, the settings, the counters, the limits and the page. */
record Services(
        RoomRegistry rooms,
        ServerConfig config,
        ServerStats stats,
        ServerState state,
        AddressBudget unknownCodes,
        ClientAddress clients,
        LogLimiter clientLog,
        StaticFiles files,
        OriginPolicy origins,
        ArchiveRunner games) {

    static Services of(RoomRegistry rooms, ServerConfig config) {
        return of(rooms, config, ServerMetrics.create(), null);
    }

    /** {@code games} is where finished games are kept, or null when the server keeps none. */
    static Services of(RoomRegistry rooms, ServerConfig config, ServerMetrics metrics, ArchiveRunner games) {
        return new Services(rooms, config, new ServerStats(metrics), new ServerState(),
                new AddressBudget(config.unknownCodesPerSecond(), config.unknownCodeBurst(), System::nanoTime),
                new ClientAddress(config.trustedProxies()), new LogLimiter(System::nanoTime),
                new StaticFiles(), new OriginPolicy(config.allowedOrigins()), games);
    }
}
