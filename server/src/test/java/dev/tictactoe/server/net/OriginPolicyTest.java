package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;

class OriginPolicyTest {

    private final OriginPolicy byDefault = new OriginPolicy(NetSettings.DEFAULT_ALLOWED_ORIGINS);

    @Test
    void theServersOwnOriginIsAllowedByDefault() {
        assertThat(byDefault.allows("http://localhost:8080", "localhost:8080")).isTrue();
        assertThat(byDefault.allows("http://LOCALHOST:8080", "localhost:8080")).isTrue();
        assertThat(byDefault.allows("http://127.0.0.1:43210", "127.0.0.1:43210")).isTrue();
        assertThat(byDefault.allows("http://[::1]:8080", "[::1]:8080")).isTrue();
    }

    @Test
    void aMissingPortMeansTheSchemesDefault() {
        assertThat(byDefault.allows("https://play.example", "play.example")).isTrue();
        assertThat(byDefault.allows("https://play.example", "play.example:443")).isTrue();
        assertThat(byDefault.allows("http://play.example", "play.example:80")).isTrue();
        assertThat(byDefault.allows("http://play.example", "play.example:8080")).isFalse();
    }

    @Test
    void otherOriginsAreRefusedUnlessListed() {
        assertThat(byDefault.allows("http://evil.example", "localhost:8080")).isFalse();
        assertThat(byDefault.allows("http://localhost:9999", "localhost:8080")).isFalse();
        assertThat(byDefault.allows("null", "localhost:8080")).isFalse();
        assertThat(byDefault.allows("http://localhost:8080", null)).isFalse();

        OriginPolicy listed =
                new OriginPolicy(List.of("https://play.example", "http://localhost:3000"));
        assertThat(listed.allows("https://play.example", "game.internal:8080")).isTrue();
        assertThat(listed.allows("https://play.example:443", "game.internal:8080")).isTrue();
        assertThat(listed.allows("http://localhost:3000", "localhost:8080")).isTrue();
        assertThat(listed.allows("http://play.example", "game.internal:8080")).isFalse();
    }

    @Test
    void programsThatSendNoOriginAreAllowed() {
        assertThat(byDefault.allows(null, "localhost:8080")).isTrue();
    }
}
