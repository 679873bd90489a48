package dev.tictactoe.server;

import dev.tictactoe.server.admin.AdminServer;
import dev.tictactoe.server.cluster.ClusterSettings;
import dev.tictactoe.server.lobby.MatchSettings;
import dev.tictactoe.server.net.GameServer;
import dev.tictactoe.server.net.NetSettings;
import dev.tictactoe.server.room.RegistrySettings;
import dev.tictactoe.server.store.StoreSettings;

import java.util.Map;
import java.util.stream.Stream;

/** Every setting of the server, one record per package that reads them. */
public record ServerConfig(
        NetSettings net,
        RegistrySettings rooms,
        StoreSettings store,
        MatchSettings match,
        ClusterSettings cluster) {

    /** Binds and starts a server with these settings, and its admin port if it has one. */
    public GameServer start() {
        GameServer server = new GameServer(net, rooms, store, match, cluster);
        if (net.adminPort() != null) {
            try {
                AdminServer.open(server, net.adminHost(), net.adminPort());
            } catch (RuntimeException e) {
                server.close();
                throw e;
            }
        }
        return server;
    }

    /** Defaults on a free loopback port, rooms in memory, then {@code flags}; no environment. */
    public static ServerConfig local(String... flags) {
        String[] args =
                Stream.concat(
                                Stream.of("--host=127.0.0.1", "--port=0", "--data-dir=none"),
                                Stream.of(flags))
                        .toArray(String[]::new);
        Main main = new Main();
        Main.commandLine(main, Map.of()).setOverwrittenOptionsAllowed(true).parseArgs(args);
        return main.config();
    }
}
