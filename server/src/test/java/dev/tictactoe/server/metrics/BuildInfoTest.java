package dev.tictactoe.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BuildInfoTest {

    @Test
    void aFieldTheBuildLeftUnsetIsUnknown() {
        assertThat(BuildInfo.field("${git.commit.id.abbrev}")).isEqualTo(BuildInfo.UNKNOWN);
        assertThat(BuildInfo.field(null)).isEqualTo(BuildInfo.UNKNOWN);
        assertThat(BuildInfo.field(" 0.1.0 ")).isEqualTo("0.1.0");
    }
}
