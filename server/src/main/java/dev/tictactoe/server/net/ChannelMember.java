package dev.tictactoe.server.net;

import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.Member;
import dev.tictactoe.server.room.Outgoing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;

import org.jspecify.annotations.Nullable;

/**
 * A room member on a WebSocket channel: messages go out as text frames, framed once per broadcast.
 */
final class ChannelMember implements Member {

    private final Channel channel;
    private final ServerMetrics metrics;

    /** Frames a broadcast; made once, not on every send (a capturing lambda is an object). */
    private final Outgoing.Maker<Frame> framer;

    /**
     * Written out once, when first asked for: with structured logs the room names the member in its
     * log fields for every message; without, most connections never need it. Two threads asking at
     * once both write the same text.
     */
    private @Nullable String remote;

    ChannelMember(Channel channel, ServerMetrics metrics) {
        this.channel = channel;
        this.metrics = metrics;
        this.framer = (bytes, length) -> new Frame(textFrame(channel.alloc(), bytes, length));
    }

    @Override
    public void send(Outgoing message) {
        if (channel.isActive()) {
            Frame frame = message.shared(Frame.class, framer);
            metrics.sent(frame.buf.readableBytes());
            channel.writeAndFlush(frame.buf.retainedDuplicate(), channel.voidPromise());
        }
    }

    @Override
    public boolean writable() {
        return channel.isWritable();
    }

    @Override
    public void close(int code, String reason) {
        if (channel.isActive()) {
            // The session closes it, lingering for the client to read the frame (see
            // SessionHandler).
            channel.pipeline()
                    .fireUserEventTriggered(new SessionHandler.CloseRequest(code, reason));
        }
    }

    @Override
    public String toString() {
        if (remote == null) {
            remote = ClientAddress.of(channel);
        }
        return remote;
    }

    /**
     * A framed message shared by the members of one broadcast; each write takes its own duplicate.
     */
    private record Frame(ByteBuf buf) implements Outgoing.Shared {
        @Override
        public void close() {
            buf.release();
        }
    }

    /**
     * One final, unmasked WebSocket text frame (RFC 6455, section 5.2) around the first {@code
     * length} bytes of {@code payload}. The pipeline's frame encoder passes bytes through
     * untouched, so a broadcast is framed once instead of once per member; no extensions are
     * negotiated, so there is nothing else to apply.
     */
    static ByteBuf textFrame(ByteBufAllocator alloc, byte[] payload, int length) {
        int header = length < 126 ? 2 : length <= 0xFFFF ? 4 : 10;
        ByteBuf frame = alloc.directBuffer(header + length);
        frame.writeByte(0x81); // FIN, opcode 1 (text)
        if (length < 126) {
            frame.writeByte(length);
        } else if (length <= 0xFFFF) {
            frame.writeByte(126).writeShort(length);
        } else {
            frame.writeByte(127).writeLong(length);
        }
        return frame.writeBytes(payload, 0, length);
    }
}
