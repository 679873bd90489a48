package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelOutputShutdownEvent;

import org.junit.jupiter.api.Test;

class BodyLimitDrainTest {

    @Test
    void whatArrivesIsDroppedUntilTheBoundThenTheConnectionCloses() {
        EmbeddedChannel channel = new EmbeddedChannel(new BodyLimit.Drain());
        int piece = 64 * 1024;
        long sent = 0;
        while (sent + piece <= BodyLimit.MAX_DRAINED_BYTES) {
            ByteBuf bytes = Unpooled.buffer(piece).writeZero(piece);
            channel.writeInbound(bytes);
            sent += piece;
            assertThat(bytes.refCnt()).isZero();
            assertThat(channel.isOpen()).isTrue();
        }
        assertThat(channel.inboundMessages()).isEmpty();
        channel.writeInbound(Unpooled.buffer(piece).writeZero(piece));
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void theClientShuttingItsSideEndsTheConnection() {
        EmbeddedChannel channel = new EmbeddedChannel(new BodyLimit.Drain());
        // The server's own side shutting is no reason to close yet.
        channel.pipeline().fireUserEventTriggered(ChannelOutputShutdownEvent.INSTANCE);
        assertThat(channel.isOpen()).isTrue();
        channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
        assertThat(channel.isOpen()).isFalse();
    }
}
