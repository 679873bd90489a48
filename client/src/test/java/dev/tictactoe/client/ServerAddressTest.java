package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.net.URI;

class ServerAddressTest {

    @Test
    void derivesTheRoomWebSocketUrl() {
        assertThat(ServerAddress.parse("http://127.0.0.1:8080").ws("K7MQ2P"))
                .isEqualTo(URI.create("ws://127.0.0.1:8080/rooms/K7MQ2P/ws"));
        assertThat(ServerAddress.parse("https://games.example.org/").ws("K7MQ2P"))
                .isEqualTo(URI.create("wss://games.example.org/rooms/K7MQ2P/ws"));
        assertThat(ServerAddress.parse("http://example.org:9000/ttt").ws("K7MQ2P"))
                .isEqualTo(URI.create("ws://example.org:9000/ttt/rooms/K7MQ2P/ws"));
    }

    @Test
    void acceptsABareHostAndPort() {
        ServerAddress address = ServerAddress.parse("localhost:9090");
        assertThat(address.http()).isEqualTo(URI.create("http://localhost:9090"));
        assertThat(address.ws("ABCDEF"))
                .isEqualTo(URI.create("ws://localhost:9090/rooms/ABCDEF/ws"));
    }

    @Test
    void aBareHostMeansTheServersDefaultPortAndAUrlItsSchemes() {
        assertThat(ServerAddress.parse("127.0.0.1").port()).isEqualTo(ServerAddress.DEFAULT_PORT);
        assertThat(ServerAddress.parse("http://example.org").port()).isEqualTo(80);
        assertThat(ServerAddress.parse("https://example.org").port()).isEqualTo(443);
        assertThat(ServerAddress.parse("http://[::1]:9000").host()).isEqualTo("::1");
    }

    @Test
    void refusesWhatIsNotAServer() {
        assertThatThrownBy(() -> ServerAddress.parse("ftp://x"))
                .hasMessageContaining("not an http:// or https:// URL");
        assertThatThrownBy(() -> ServerAddress.parse("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> ServerAddress.parse("http://"))
                .hasMessageContaining("\"http://\"");
    }
}
