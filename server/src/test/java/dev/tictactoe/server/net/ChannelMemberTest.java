package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

class ChannelMemberTest {

    /**
     * Every length form of the header (7-bit, 16-bit, 64-bit) reads back as the same text frame,
     * framed from the front of a longer buffer as a room's history holds its diffs.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 125, 126, 127, 65_535, 65_536, 200_000})
    void framesDecodeAsTextFramesOfTheSameBytes(int length) {
        String text = "é".repeat(length / 2) + "x".repeat(length % 2);
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        assertThat(payload).hasSize(length);
        EmbeddedChannel client =
                new EmbeddedChannel(
                        new WebSocket08FrameDecoder(
                                WebSocketDecoderConfig.newBuilder()
                                        .expectMaskedFrames(false)
                                        .maxFramePayloadLength(1 << 20)
                                        .build()));

        byte[] held = Arrays.copyOf(payload, payload.length + 7);
        Arrays.fill(held, payload.length, held.length, (byte) '?');

        client.writeInbound(ChannelMember.textFrame(ByteBufAllocator.DEFAULT, held, length));

        TextWebSocketFrame frame = client.readInbound();
        assertThat(frame.isFinalFragment()).isTrue();
        assertThat(frame.text()).isEqualTo(text);
        frame.release();
        assertThat(client.<Object>readInbound()).isNull();
        client.finishAndReleaseAll();
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 300})
    void aFrameIsExactlyHeaderAndPayload(int length) {
        ByteBuf frame = ChannelMember.textFrame(ByteBufAllocator.DEFAULT, new byte[length], length);
        assertThat(frame.readableBytes()).isEqualTo(length + (length < 126 ? 2 : 4));
        assertThat(frame.getUnsignedByte(0)).isEqualTo((short) 0x81);
        frame.release();
    }
}
