package dev.tictactoe.server.room;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The journal's change records read back from whatever bytes a torn or foreign file could hold: a
 * change, or an {@link IllegalArgumentException} saying what is wrong, never anything else; and a
 * change read is written again as the same change. The default build replays the inputs kept beside
 * this class (records of an older binary layout, and the inputs that once broke it); {@code
 * JAZZER_FUZZ=1} fuzzes (see the README).
 */
class ChangeEntryFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void readsAnyRecordOrRefusesIt(FuzzedDataProvider data) {
        byte[] payload = data.consumeRemainingAsBytes();
        Change.Entry decoded;
        try {
            decoded = Change.Entry.read(payload);
        } catch (IllegalArgumentException refused) {
            return;
        }
        if (!Change.Entry.read(RoomState.json(decoded)).equals(decoded)) {
            throw new AssertionError("read " + decoded + ", wrote it and read it back otherwise");
        }
    }
}
