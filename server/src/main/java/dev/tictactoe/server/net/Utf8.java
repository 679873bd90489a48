package dev.tictactoe.server.net;

import io.netty.buffer.ByteBuf;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/** Strict UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF). */
final class Utf8 {

    private Utf8() {}

    /** True if every readable byte of {@code bytes} is well-formed UTF-8. */
    static boolean valid(ByteBuf bytes) {
        try {
            // A new decoder reports malformed input instead of replacing it.
            StandardCharsets.UTF_8.newDecoder().decode(bytes.nioBuffer());
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
