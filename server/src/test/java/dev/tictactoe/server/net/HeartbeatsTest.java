package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ServerMessage;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The heartbeats framed by hand are the frames of the messages the codec writes, byte for byte. */
class HeartbeatsTest {

    @ParameterizedTest
    @ValueSource(longs = {0, 7, 10, 99, 12345, Protocol.MAX_PING_SEQ})
    void framesWhatTheCodecWrites(long seq) {
        assertSameFrame(
                new ServerMessage.Pong(seq),
                ChannelMember.heartbeat(UnpooledByteBufAllocator.DEFAULT, "pong", seq));
        assertSameFrame(
                new ServerMessage.Ping(seq),
                ChannelMember.heartbeat(UnpooledByteBufAllocator.DEFAULT, "ping", seq));
    }

    private static void assertSameFrame(ServerMessage message, ByteBuf actual) {
        byte[] json = MessageCodec.encodeToBytes(message);
        ByteBuf expected =
                ChannelMember.textFrame(UnpooledByteBufAllocator.DEFAULT, json, json.length);
        try {
            assertThat(ByteBufUtil.getBytes(actual)).isEqualTo(ByteBufUtil.getBytes(expected));
        } finally {
            expected.release();
            actual.release();
        }
    }
}
