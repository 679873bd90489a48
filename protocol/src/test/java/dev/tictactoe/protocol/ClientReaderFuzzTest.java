package dev.tictactoe.protocol;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import java.nio.charset.StandardCharsets;

/**
 * The reader of every message a client sends, fed whatever bytes a frame could carry: it answers
 * with a message or a {@link ProtocolException}, never anything else. The default build replays the
 * inputs kept beside this class (one valid message of each wire type, and the inputs that once
 * broke it); {@code JAZZER_FUZZ=1} fuzzes (see the README).
 */
class ClientReaderFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void readsAnyFrameOrRefusesItTyped(FuzzedDataProvider data) {
        String text = new String(data.consumeRemainingAsBytes(), StandardCharsets.UTF_8);
        try {
            ClientMessage message = MessageCodec.decodeClient(text);
            if (message == null) {
                throw new AssertionError("no message and no refusal for " + text);
            }
        } catch (ProtocolException refused) {
            if (refused.code() == null) {
                throw new AssertionError("a refusal without a code for " + text, refused);
            }
        }
    }
}
