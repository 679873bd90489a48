package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.List;

class ClientAddressTest {

    private static InetSocketAddress peer(String ip) {
        return new InetSocketAddress(ip, 40_000);
    }

    @Test
    void withoutTrustedProxiesThePeerIsTheClientWhateverTheHeaderSays() {
        ClientAddress clients = new ClientAddress(List.of());
        assertThat(clients.of(peer("203.0.113.7"), null)).isEqualTo("203.0.113.7");
        assertThat(clients.of(peer("203.0.113.7"), "198.51.100.1")).isEqualTo("203.0.113.7");
    }

    @Test
    void behindATrustedProxyTheNearestUntrustedForwardedAddressIsTheClient() {
        ClientAddress clients = new ClientAddress(List.of("10.0.0.1", "10.0.0.2"));
        assertThat(clients.of(peer("10.0.0.1"), "198.51.100.1")).isEqualTo("198.51.100.1");
        // The client may prepend anything; only what the proxies appended counts.
        assertThat(clients.of(peer("10.0.0.1"), "1.2.3.4, 198.51.100.1, 10.0.0.2"))
                .isEqualTo("198.51.100.1");
        assertThat(clients.of(peer("10.0.0.1"), null)).isEqualTo("10.0.0.1");
        assertThat(clients.of(peer("10.0.0.1"), "10.0.0.2")).isEqualTo("10.0.0.2");
        assertThat(clients.of(peer("10.0.0.1"), "not-an-ip")).isEqualTo("10.0.0.1");
        assertThat(clients.of(peer("10.0.0.1"), "2001:db8::1")).isEqualTo("2001:db8:0:0:0:0:0:1");
    }

    @Test
    void aTrustedProxyMustBeAnIpAddress() {
        assertThatThrownBy(() -> new ClientAddress(List.of("proxy.example.com")))
                .hasMessageContaining("proxy.example.com");
    }
}
