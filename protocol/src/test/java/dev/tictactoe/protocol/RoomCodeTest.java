package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

class RoomCodeTest {

    @Test
    void codesAreSixCharactersOfTheAlphabetWithoutLookAlikes() {
        RoomCode codes = new RoomCode(new SplittableRandom(7));
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String code = codes.next();
            assertThat(code)
                    .hasSize(RoomCode.LENGTH)
                    .matches("[0-9A-HJKMNP-TV-Z]{6}")
                    .doesNotContain("I", "L", "O", "U");
            seen.add(code);
        }
        assertThat(seen).hasSizeGreaterThan(9_990);
    }

    @Test
    void typedCodesForgiveCaseSpacesDashesAndLookAlikes() {
        assertThat(RoomCode.normalize("k7mq2p")).contains("K7MQ2P");
        assertThat(RoomCode.normalize(" K7M-Q2P ")).contains("K7MQ2P");
        assertThat(RoomCode.normalize("oilabc")).contains("011ABC");
        assertThat(RoomCode.normalize("K7M Q2P")).contains("K7MQ2P");
        assertThat(RoomCode.normalize("k 7 m\tq2-p")).contains("K7MQ2P");
    }

    @Test
    void rejectsWhatCannotBeACode() {
        assertThat(RoomCode.normalize(null)).isEmpty();
        assertThat(RoomCode.normalize("")).isEmpty();
        assertThat(RoomCode.normalize("K7MQ2")).isEmpty();
        assertThat(RoomCode.normalize("K7MQ2PX")).isEmpty();
        assertThat(RoomCode.normalize("K7MQ2U")).isEmpty();
        assertThat(RoomCode.normalize("K7MQ2!")).isEmpty();
    }
}
