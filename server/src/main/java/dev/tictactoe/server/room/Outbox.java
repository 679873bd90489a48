package dev.tictactoe.server.room;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.util.List;

/** How a room writes to its members' connections. */
final class Outbox {

    private Outbox() {}

    /**
     * Writes the same encoded bytes to every member, {@code last} after the others: whoever caused
     * the change can wait a write longer than the opponent who is waiting for it. A member whose
     * connection is backed up is skipped and marked to get a snapshot when it drains, so a slow
     * reader costs bounded memory.
     */
    static void broadcast(List<Session> members, byte[] encoded, Session last) {
        for (Session member : members) {
            if (member != last) {
                offer(member, encoded);
            }
        }
        if (last != null && members.contains(last)) {
            offer(last, encoded);
        }
    }

    private static void offer(Session member, byte[] encoded) {
        if (member.channel.isWritable()) {
            write(member, encoded);
        } else {
            member.lagging = true;
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
