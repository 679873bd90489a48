package dev.tictactoe.server.net;

import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.Member;
import dev.tictactoe.server.room.Outgoing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;

import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;

/**
 * A room member on a WebSocket channel: messages go out as text frames framed here, once per
 * broadcast, since the pipeline's frame encoder passes bytes through untouched.
 */
final class ChannelMember implements Member {

    private final Channel channel;
    private final ServerMetrics metrics;

    /** Frames a broadcast; made once, not on every send (a capturing lambda is an object). */
    private final Outgoing.Maker<Frame> framer;

    /** Written out when first asked for: most connections never need it. */
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
            // The session closes it, lingering for the client to read the frame.
            channel.pipeline().fireUserEventTriggered(new CloseHandshake.Request(code, reason));
        }
    }

    @Override
    public String toString() {
        if (remote == null) {
            remote = ClientAddress.of(channel);
        }
        return remote;
    }

    /** A framed message shared by the members of one broadcast; each write takes a duplicate. */
    private record Frame(ByteBuf buf) implements Outgoing.Shared {
        @Override
        public void close() {
            buf.release();
        }
    }

    /**
     * One final, unmasked text frame (RFC 6455, section 5.2; no extensions are negotiated) around
     * the first {@code length} bytes of {@code payload}.
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

    private static final byte[] PONG =
            "{\"type\":\"pong\",\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PING =
            "{\"type\":\"ping\",\"seq\":".getBytes(StandardCharsets.US_ASCII);

    /**
     * {@code {"type":"pong","seq":seq}} framed straight into one small buffer, as {@link #ping}: on
     * heartbeating connections they are most of what the server sends (a test compares the bytes
     * with the codec's).
     */
    static ByteBuf pong(ByteBufAllocator alloc, long seq) {
        return heartbeat(alloc, PONG, seq);
    }

    /** {@code {"type":"ping","seq":seq}}, the server's own. */
    static ByteBuf ping(ByteBufAllocator alloc, long seq) {
        return heartbeat(alloc, PING, seq);
    }

    private static ByteBuf heartbeat(ByteBufAllocator alloc, byte[] head, long seq) {
        int digits = digits(seq);
        int length = head.length + digits + 1; // under 126: a one-byte length
        ByteBuf frame = alloc.directBuffer(2 + length);
        frame.writeByte(0x81).writeByte(length).writeBytes(head);
        int start = frame.writerIndex();
        long rest = seq;
        for (int at = start + digits - 1; at >= start; at--) {
            frame.setByte(at, (int) ('0' + rest % 10));
            rest /= 10;
        }
        return frame.writerIndex(start + digits).writeByte('}');
    }

    private static int digits(long value) {
        int digits = 1;
        for (long rest = value / 10; rest > 0; rest /= 10) {
            digits++;
        }
        return digits;
    }
}
