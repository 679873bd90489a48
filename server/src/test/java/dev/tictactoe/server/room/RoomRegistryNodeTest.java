package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.metrics.ServerMetrics;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalIoHandler;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** With {@code --node}, the code of every room names the node; without it, codes stay random. */
class RoomRegistryNodeTest {

    private final EventLoopGroup loops =
            new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    private final BotRunner bots = new BotRunner(1, 10, RegistrySettings.DEFAULT_BOT_BUDGET, null);

    @AfterEach
    void stop() {
        bots.close();
        loops.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private Set<String> codes(ServerConfig config, int rooms) throws RoomRegistry.Full {
        RoomRegistry registry =
                new RoomRegistry(
                        config.rooms(),
                        config.cluster().node(),
                        loops,
                        bots,
                        new ServerMetrics(),
                        RoomJournal.NONE);
        Set<String> codes = new HashSet<>();
        for (int i = 0; i < rooms; i++) {
            codes.add(registry.create(RoomDriver.classic(), null, Map.of()).code());
        }
        registry.shutdown();
        return codes;
    }

    @Test
    void everyRoomOfANodeStartsWithItsCharacterAndStaysAValidCode() throws Exception {
        Set<String> codes = codes(ServerConfig.local("--node=K"), 200);
        assertThat(codes).hasSize(200);
        assertThat(codes)
                .allSatisfy(
                        code -> {
                            assertThat(code).hasSize(RoomCode.LENGTH).startsWith("K");
                            assertThat(RoomCode.normalize(code.toLowerCase())).contains(code);
                        });
    }

    @Test
    void withoutANodeTheFirstCharacterVaries() throws Exception {
        Set<Character> first = new HashSet<>();
        codes(ServerConfig.local(), 200).forEach(code -> first.add(code.charAt(0)));
        assertThat(first).hasSizeGreaterThan(10);
    }
}
