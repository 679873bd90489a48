package dev.tictactoe.server.room;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import java.util.List;

/** How a room writes to its members' connections. */
final class Outbox {

    private Outbox() {}

    /**
     * Writes the same encoded bytes to every member, {@code last} after the others: whoever caused
     * the change can wait a write longer than the opponent who is waiting for it. The frame is
     * built once and shared. A member whose connection is backed up is skipped and marked to get a
     * snapshot when it drains, so a slow reader costs bounded memory.
     */
    static void broadcast(List<Session> members, byte[] encoded, Session last) {
        if (members.isEmpty()) {
            return;
        }
        ByteBuf frame = textFrame(members.get(0).channel.alloc(), encoded);
        try {
            for (Session member : members) {
                if (member != last) {
                    offer(member, frame);
                }
            }
            if (last != null && members.contains(last)) {
                offer(last, frame);
            }
        } finally {
            frame.release();
        }
    }

    private static void offer(Session member, ByteBuf frame) {
        Channel channel = member.channel;
        if (!channel.isWritable()) {
            member.lagging = true;
        } else if (channel.isActive()) {
            channel.writeAndFlush(frame.retainedDuplicate(), channel.voidPromise());
        }
    }

    static void send(Session session, ServerMessage message) {
        write(session, MessageCodec.encodeToBytes(message));
    }

    static void write(Session session, byte[] encoded) {
        Channel channel = session.channel;
        if (channel.isActive()) {
            channel.writeAndFlush(textFrame(channel.alloc(), encoded), channel.voidPromise());
        }
    }

    /**
     * One final, unmasked WebSocket text frame (RFC 6455, section 5.2) around {@code payload}. The
     * pipeline's frame encoder passes bytes through untouched, so a broadcast is framed once instead
     * of once per member; no extensions are negotiated, so there is nothing else to apply.
     */
    static ByteBuf textFrame(ByteBufAllocator alloc, byte[] payload) {
        int length = payload.length;
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
        return frame.writeBytes(payload);
    }

    /** Says why in a close frame, then closes. */
    static void close(Channel channel, int code, String reason) {
        if (channel.isActive()) {
            channel.writeAndFlush(new CloseWebSocketFrame(code, reason)).addListener(f -> channel.close());
        }
    }
}
