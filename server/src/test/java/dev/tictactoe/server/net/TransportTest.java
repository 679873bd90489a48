package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;

import org.junit.jupiter.api.Test;

class TransportTest {

    @Test
    void autoTakesEpollWhereItLoadsAndNioElsewhere() {
        assertThat(Transport.choose("auto"))
                .isEqualTo(Epoll.isAvailable() ? Transport.EPOLL : Transport.NIO);
        assertThat(Transport.choose("AUTO")).isEqualTo(Transport.choose("auto"));
    }

    @Test
    void nioIsAlwaysThere() {
        assertThat(Transport.choose("nio")).isEqualTo(Transport.NIO);
        assertThat(Transport.NIO.serverChannel()).isEqualTo(NioServerSocketChannel.class);
        assertThat(Transport.NIO).hasToString("nio");
    }

    @Test
    void epollIsGivenWhereItLoadsAndRefusedWithTheReasonWhereNot() {
        if (Epoll.isAvailable()) {
            assertThat(Transport.choose("epoll")).isEqualTo(Transport.EPOLL);
            assertThat(Transport.EPOLL.serverChannel()).isEqualTo(EpollServerSocketChannel.class);
        } else {
            assertThatThrownBy(() -> Transport.choose("epoll"))
                    .hasMessageContaining("not available");
        }
    }

    @Test
    void theLinuxBuildsLoadTheNativeLibrary() {
        assumeThat(System.getProperty("os.name")).isEqualTo("Linux");
        assumeThat(System.getProperty("os.arch")).isIn("amd64", "aarch64");
        assertThat(Epoll.isAvailable())
                .as("native epoll: %s", Epoll.unavailabilityCause())
                .isTrue();
    }

    @Test
    void anUnknownNameIsRefused() {
        assertThatThrownBy(() -> Transport.choose("kqueue"))
                .hasMessageContaining("auto, epoll or nio");
    }
}
