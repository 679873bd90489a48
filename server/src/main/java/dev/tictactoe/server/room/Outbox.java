package dev.tictactoe.server.room;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.util.List;

/** How a room writes to its members' connections. */
final class Outbox {

    private Outbox() {}

    /**
     * Writes the same encoded bytes to every member: one buffer, one retained duplicate each. A
     * member whose connection is backed up is skipped and marked to get a snapshot when it drains,
     * so a slow reader costs bounded memory.
     */
    static void broadcast(List<Session> members, byte[] encoded) {
        if (members.isEmpty()) {
            return;
        }
        ByteBuf shared = PooledByteBufAllocator.DEFAULT.directBuffer(encoded.length).writeBytes(encoded);
        try {
            for (Session member : members) {
                Channel channel = member.channel;
                if (channel.isWritable()) {
                    channel.writeAndFlush(new TextWebSocketFrame(shared.retainedDuplicate()), channel.voidPromise());
                } else {
                    member.lagging = true;
                }
            }
        } finally {
            shared.release();
        }
    }

    static void send(Session session, ServerMessage message) {
        write(session, MessageCodec.encodeToBytes(message));
    }

    static void write(Session session, byte[] encoded) {
        Channel channel = session.channel;
        if (channel.isActive()) {
            ByteBuf buffer = channel.alloc().directBuffer(encoded.length).writeBytes(encoded);
            channel.writeAndFlush(new TextWebSocketFrame(buffer), channel.voidPromise());
        }
    }

    /** Says why in a close frame, then closes. */
    static void close(Channel channel, int code, String reason) {
        if (channel.isActive()) {
            channel.writeAndFlush(new CloseWebSocketFrame(code, reason)).addListener(f -> channel.close());
        }
    }
}
