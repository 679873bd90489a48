package dev.tictactoe.server.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.nio.charset.StandardCharsets;

/**
 * The {@code pong} answer to a client's {@code ping}, framed straight into one small buffer: a
 * heartbeating client sends one every few seconds, so its answer costs that buffer and nothing else
 * (no message record, no JSON generator). The bytes are those the codec writes for {@code
 * ServerMessage.Pong} (a test compares them).
 */
final class Pong {

    private static final byte[] HEAD =
            "{\"type\":\"pong\",\"seq\":".getBytes(StandardCharsets.US_ASCII);

    private Pong() {}

    /** One final, unmasked text frame holding {@code {"type":"pong","seq":seq}}. */
    static ByteBuf frame(ByteBufAllocator alloc, long seq) {
        int digits = digits(seq);
        int length = HEAD.length + digits + 1; // under 126: a one-byte length
        ByteBuf frame = alloc.directBuffer(2 + length);
        frame.writeByte(0x81).writeByte(length).writeBytes(HEAD);
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
