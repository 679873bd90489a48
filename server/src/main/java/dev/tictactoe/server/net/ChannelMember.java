package dev.tictactoe.server.net;

import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.Member;
import dev.tictactoe.server.room.Outgoing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;

/** A room member on a WebSocket channel; a broadcast is framed here once, for every member. */
final class ChannelMember implements Member {

    private final Channel channel;
    private final ServerMetrics metrics;

    /** Made once: a capturing lambda is an object. */
    private final Outgoing.Maker<Frame> framer;

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
        return ClientAddress.of(channel);
    }

    private record Frame(ByteBuf buf) implements Outgoing.Shared {
        @Override
        public void close() {
            buf.release();
        }
    }

    /** One final, unmasked text frame (RFC 6455, 5.2) around {@code payload}'s first bytes. */
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

    /** A {@code ping} or {@code pong}, most of what idle links are sent, framed in one buffer. */
    static ByteBuf heartbeat(ByteBufAllocator alloc, String type, long seq) {
        String json = "{\"type\":\"" + type + "\",\"seq\":" + seq + "}";
        ByteBuf frame = alloc.directBuffer(2 + json.length());
        frame.writeByte(0x81).writeByte(json.length()); // ASCII, under 126 bytes
        ByteBufUtil.writeAscii(frame, json);
        return frame;
    }
}
