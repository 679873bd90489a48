package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TargetTest {

    @Test
    void loopbackAddressesAndLocalhostAreLoopback() {
        assertThat(Target.isLoopback("127.0.0.1")).isTrue();
        assertThat(Target.isLoopback("127.255.3.4")).isTrue();
        assertThat(Target.isLoopback("localhost")).isTrue();
        assertThat(Target.isLoopback("LOCALHOST")).isTrue();
        assertThat(Target.isLoopback("::1")).isTrue();
        assertThat(Target.isLoopback("[::1]")).isTrue();
        assertThat(Target.isLoopback("0:0:0:0:0:0:0:1")).isTrue();
    }

    @Test
    void everythingElseIsRemote() {
        assertThat(Target.isLoopback("128.0.0.1")).isFalse();
        assertThat(Target.isLoopback("10.0.0.1")).isFalse();
        assertThat(Target.isLoopback("127.0.0.256")).isFalse();
        assertThat(Target.isLoopback("::2")).isFalse();
        assertThat(Target.isLoopback("example.com")).isFalse();
        assertThat(Target.isLoopback("localhost.example.com")).isFalse();
        assertThat(Target.isLoopback("127.0.0.1.nip.io")).isFalse();
    }

    @Test
    void parsesUrlsAndBareAddresses() {
        assertThat(Target.parse("http://127.0.0.1:9090")).isEqualTo(new Target("127.0.0.1", 9090));
        assertThat(Target.parse("ws://localhost:8081/")).isEqualTo(new Target("localhost", 8081));
        assertThat(Target.parse("127.0.0.1:7000")).isEqualTo(new Target("127.0.0.1", 7000));
        assertThat(Target.parse("127.0.0.1")).isEqualTo(new Target("127.0.0.1", 8080));
        assertThat(Target.parse("http://[::1]:9000")).isEqualTo(new Target("::1", 9000));
        assertThat(Target.parse("http://[::1]:9000").room("AB").toString())
                .isEqualTo("ws://[::1]:9000/rooms/AB/ws");
    }

    @Test
    void refusesOtherSchemes() {
        assertThatThrownBy(() -> Target.parse("https://127.0.0.1:8443"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("plain http:// or ws://");
        assertThatThrownBy(() -> Target.parse(" ")).hasMessageContaining("empty");
    }
}
