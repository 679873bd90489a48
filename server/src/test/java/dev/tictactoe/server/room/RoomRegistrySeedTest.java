package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.metrics.ServerMetrics;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalIoHandler;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a room's bot seed comes from: its own setting, else the server's {@code --bot-seed}, else
 * chance.
 */
class RoomRegistrySeedTest {

    private final EventLoopGroup loops =
            new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    private final BotRunner bots = new BotRunner(1, 10, RegistrySettings.DEFAULT_BOT_BUDGET, null);

    @AfterEach
    void stop() {
        bots.close();
        loops.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    private List<Long> seeds(ServerConfig config, Long... asked) throws RoomRegistry.Full {
        RoomRegistry registry =
                new RoomRegistry(
                        config.rooms(), null, loops, bots, new ServerMetrics(), RoomJournal.NONE);
        List<Long> seeds = new ArrayList<>();
        for (Long seed : asked) {
            seeds.add(registry.create(RoomDriver.classic(), seed, Map.of()).botSeed);
        }
        registry.shutdown();
        return seeds;
    }

    @Test
    void theServerSeedGivesTheNthRoomTheNthSeedSoARunReplays() throws Exception {
        ServerConfig flagged = ServerConfig.local("--bot-seed=99");
        List<Long> first = seeds(flagged, null, null, null);
        assertThat(first).doesNotHaveDuplicates();
        assertThat(seeds(flagged, null, null, null)).isEqualTo(first);
        assertThat(seeds(ServerConfig.local("--bot-seed=100"), null, null, null))
                .doesNotContainAnyElementsOf(first);
    }

    @Test
    void aRoomsOwnSeedWinsAndTwoRoomsMirrorOnlyWhenTheyAskTo() throws Exception {
        ServerConfig flagged = ServerConfig.local("--bot-seed=99");
        assertThat(seeds(flagged, 7L, 7L, 0L)).containsExactly(7L, 7L, 0L);
        assertThat(seeds(ServerConfig.local(), 7L)).containsExactly(7L);
        // A room that asks for its seed does not move the server's sequence along.
        assertThat(seeds(flagged, 7L, null))
                .containsExactly(7L, seeds(flagged, (Long) null).get(0));
    }
}
