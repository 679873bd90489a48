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

/** The pong framed by hand is the frame of the message the codec writes, byte for byte. */
class PongTest {

    @ParameterizedTest
    @ValueSource(longs = {0, 7, 10, 99, 12345, Protocol.MAX_PING_SEQ})
    void framesWhatTheCodecWrites(long seq) {
        byte[] json = MessageCodec.encodeToBytes(new ServerMessage.Pong(seq));
        ByteBuf expected =
                ChannelMember.textFrame(UnpooledByteBufAllocator.DEFAULT, json, json.length);
        ByteBuf actual = Pong.frame(UnpooledByteBufAllocator.DEFAULT, seq);
        try {
            assertThat(ByteBufUtil.getBytes(actual)).isEqualTo(ByteBufUtil.getBytes(expected));
        } finally {
            expected.release();
            actual.release();
        }
    }
}
