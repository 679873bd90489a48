package dev.tictactoe.server.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollSocketChannel;

/**
 * Bounds what the kernel holds for a connection, so that bytes a client has not read wait where
 * {@link OutboundLimit} counts them. Left to itself, Linux grows a socket's send buffer up to
 * {@code tcp_wmem}'s maximum (4 MiB by default): a client that stops reading would park megabytes
 * there while the server's own count stayed near zero.
 */
final class SendBuffer {

    /**
     * Asked of the kernel for each connection's send buffer ({@code SO_SNDBUF}); Linux doubles it
     * for its bookkeeping. A game's messages are small: 64 KiB is hundreds of diffs, and a sending
     * rate of 64 KiB a round trip.
     */
    static final int SEND_BUFFER_BYTES = 64 * 1024;

    /** With epoll, bytes not yet sent the kernel holds ({@code TCP_NOTSENT_LOWAT}). */
    static final long NOT_SENT_LOW_WATER_BYTES = 16 * 1024;

    /** Room for the close frame and its header, on top of what is queued when it is written. */
    private static final int CLOSE_FRAME_ROOM = 1024;

    private SendBuffer() {}

    /** Sets the bounds on every connection the bootstrap accepts. */
    static void bound(ServerBootstrap bootstrap, Transport transport) {
        bootstrap.childOption(ChannelOption.SO_SNDBUF, SEND_BUFFER_BYTES);
        if (transport == Transport.EPOLL) {
            bootstrap.childOption(EpollChannelOption.TCP_NOTSENT_LOWAT, NOT_SENT_LOW_WATER_BYTES);
        }
    }

    /**
     * Lets the kernel take what is queued for a connection about to be closed as too slow, and its
     * close frame after it, so that a client which reads later still learns why; at most {@code
     * maxBytes} more than the bound (the kernel caps it lower still at {@code wmem_max}).
     */
    static void widenForClose(Channel channel, int maxBytes) {
        ChannelOutboundBuffer queued = channel.unsafe().outboundBuffer();
        long pending = queued == null ? 0 : queued.totalPendingWriteBytes();
        int wanted = (int) Math.min(maxBytes, pending) + SEND_BUFFER_BYTES + CLOSE_FRAME_ROOM;
        channel.config().setOption(ChannelOption.SO_SNDBUF, wanted);
        if (channel instanceof EpollSocketChannel) {
            // 0 stands for the system's default: no bound on bytes not yet sent.
            channel.config().setOption(EpollChannelOption.TCP_NOTSENT_LOWAT, 0L);
        }
    }
}
