package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.embedded.EmbeddedChannel;

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

    @Test
    void trustedProxiesMayBeCidrRanges() {
        ClientAddress clients = new ClientAddress(List.of("172.16.0.0/12", "fd00::/8"));
        assertThat(clients.of(peer("172.18.0.4"), "198.51.100.1")).isEqualTo("198.51.100.1");
        assertThat(clients.of(peer("172.32.0.4"), "198.51.100.1")).isEqualTo("172.32.0.4");
        assertThat(clients.of(peer("fd12::5"), "198.51.100.1")).isEqualTo("198.51.100.1");
        assertThatThrownBy(() -> ClientAddress.parse("10.0.0.0/33")).hasMessageContaining("0..32");
        assertThatThrownBy(() -> ClientAddress.parse("10.0.0.0/x"))
                .hasMessageContaining("10.0.0.0/x");
        assertThatThrownBy(() -> ClientAddress.parse("nginx"))
                .hasMessageContaining("'nginx' is not an IP address or CIDR range");
    }

    @Test
    void theClientAddressOfARequestIsKeptOnItsChannel() {
        EmbeddedChannel channel = new EmbeddedChannel();
        assertThat(ClientAddress.of(channel)).isEqualTo("embedded");
        channel.attr(ClientAddress.KEY).set("198.51.100.9");
        assertThat(ClientAddress.of(channel)).isEqualTo("198.51.100.9");
    }
}
