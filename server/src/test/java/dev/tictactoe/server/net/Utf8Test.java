package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

/** The strict UTF-8 check the session relies on (Netty's, RFC 3629). */
class Utf8Test {

    @Test
    void wellFormedTextIsValidWhateverItsScript() {
        for (String text : new String[] {"", "plain", "ñandú", "名前", "🎲", "\uFFFD"}) {
            assertThat(valid(text.getBytes(StandardCharsets.UTF_8))).as(text).isTrue();
        }
    }

    @Test
    void everyKindOfMalformedSequenceIsInvalid() {
        int[][] malformed = {
            {0xC3, 0x28}, // a continuation byte missing
            {0xA0}, // a lone continuation byte
            {0xC0, 0xAF}, // an overlong '/'
            {0xE0, 0x80, 0xAF}, // an overlong three-byte form
            {0xED, 0xA0, 0x80}, // a surrogate (U+D800)
            {0xF4, 0x90, 0x80, 0x80}, // past U+10FFFF
            {0xFF}, // never in UTF-8
            {0xE2, 0x82}, // cut short at the end
        };
        for (int[] sequence : malformed) {
            byte[] bytes = new byte[sequence.length + 2];
            bytes[0] = '"';
            for (int i = 0; i < sequence.length; i++) {
                bytes[i + 1] = (byte) sequence[i];
            }
            bytes[bytes.length - 1] = '"';
            assertThat(valid(bytes)).as(java.util.Arrays.toString(sequence)).isFalse();
        }
    }

    private static boolean valid(byte[] bytes) {
        return ByteBufUtil.isText(Unpooled.wrappedBuffer(bytes), StandardCharsets.UTF_8);
    }
}
