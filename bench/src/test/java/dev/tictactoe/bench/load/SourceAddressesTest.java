package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SourceAddressesTest {

    @Test
    void fewConnectionsLeaveTheChoiceToTheSystem() {
        SourceAddresses sources = new SourceAddresses(new Target("127.0.0.1", 8080), 1_000, 20_000);
        assertThat(sources.next()).isNull();
    }

    @Test
    void manyConnectionsSpreadOverLoopbackAddresses() {
        assertThat(SourceAddresses.addressFor(0, 20_000).getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(SourceAddresses.addressFor(19_999, 20_000).getHostAddress())
                .isEqualTo("127.0.0.1");
        assertThat(SourceAddresses.addressFor(20_000, 20_000).getHostAddress())
                .isEqualTo("127.0.0.2");
        assertThat(SourceAddresses.addressFor(99_999, 20_000).getHostAddress())
                .isEqualTo("127.0.0.5");
        assertThat(SourceAddresses.addressFor(255 * 10, 10).getHostAddress())
                .isEqualTo("127.0.1.0");

        SourceAddresses sources = new SourceAddresses(new Target("localhost", 8080), 5, 2);
        assertThat(sources.next().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(sources.next().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(sources.next().getHostAddress()).isEqualTo("127.0.0.2");
    }

    @Test
    void spreadingNeedsAnIpv4LoopbackTarget() {
        assertThatThrownBy(() -> new SourceAddresses(new Target("::1", 8080), 30_000, 20_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("IPv4 loopback");
    }
}
