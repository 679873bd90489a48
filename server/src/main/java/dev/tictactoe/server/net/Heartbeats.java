package dev.tictactoe.server.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.nio.charset.StandardCharsets;

/**
 * The heartbeat's two server messages, {@code pong} (the answer to a client's {@code ping}) and
 * {@code ping} (the server's own), each framed straight into one small buffer: on thousands of
 * heartbeating connections they are most of what the server sends, so each costs that buffer and
 * nothing else (no message record, no JSON generator). The bytes are those the codec writes for
 * {@code ServerMessage.Pong} and {@code ServerMessage.Ping} (a test compares them).
 */
final class Heartbeats {

    private static final byte[] PONG =
            "{\"type\":\"pong\",\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PING =
            "{\"type\":\"ping\",\"seq\":".getBytes(StandardCharsets.US_ASCII);

    private Heartbeats() {}

    /** One final, unmasked text frame holding {@code {"type":"pong","seq":seq}}. */
    static ByteBuf pong(ByteBufAllocator alloc, long seq) {
        return frame(alloc, PONG, seq);
    }

    /** One final, unmasked text frame holding {@code {"type":"ping","seq":seq}}. */
    static ByteBuf ping(ByteBufAllocator alloc, long seq) {
        return frame(alloc, PING, seq);
    }

    private static ByteBuf frame(ByteBufAllocator alloc, byte[] head, long seq) {
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
