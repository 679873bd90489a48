package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A connection past the cap may ask for health and metrics, and is answered 503 {@code server_full}
 * to anything else and closed; the ones already open go on, and a place freed is taken again.
 */
class ConnectionCapIT {

    private static final int CAP = 4;
    private static final int TIMEOUT_MILLIS = 10_000;
    private static final String CREATE_ROOM =
            "POST /api/rooms HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 2\r\n\r\n{}";

    @Test
    void aConnectionOverTheCapIsToldTheServerIsFullAndTheOthersGoOn() throws Exception {
        try (TestServer server = new TestServer(ServerConfig.local("--max-connections=" + CAP))) {
            int port = server.server.port();
            List<Socket> open = new ArrayList<>();
            try {
                for (int i = 0; i < CAP; i++) {
                    Socket socket = connect(port);
                    open.add(socket);
                    // An answer means the server has taken the connection.
                    assertThat(ask(socket).status()).isEqualTo(200);
                }

                try (Socket over = connect(port)) {
                    // Health and metrics are still answered, so a probe does not fail for load.
                    assertThat(ask(over, RawHttp.get("/healthz")).status()).isEqualTo(200);
                    RawHttp.Response refused = ask(over, CREATE_ROOM);
                    assertThat(refused.status()).isEqualTo(503);
                    assertThat(refused.body()).contains("\"code\":\"server_full\"");
                    assertThat(RawHttp.closedWithin(over, TIMEOUT_MILLIS)).isTrue();
                }
                // Nothing but the probes: not a room's status (refused before the code is looked
                // up), not the page.
                for (String request : List.of(RawHttp.get("/api/rooms/K7MQ2P"), RawHttp.get("/"))) {
                    try (Socket over = connect(port)) {
                        assertThat(ask(over, RawHttp.get("/readyz")).status()).isEqualTo(200);
                        assertThat(ask(over, request).status()).isEqualTo(503);
                    }
                }
                try (Socket over = connect(port)) {
                    // Refused before the code is looked up: no room needs to exist.
                    assertThat(ask(over, RawHttp.upgrade("/rooms/K7MQ2P/ws")).status())
                            .isEqualTo(503);
                }

                for (Socket socket : open) {
                    assertThat(ask(socket).status()).isEqualTo(200);
                }

                open.remove(0).close();
                // The server learns of the close in its own time: try until a place is free.
                int status = 503;
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS);
                while (status == 503 && System.nanoTime() < deadline) {
                    try (Socket again = connect(port)) {
                        status = ask(again, CREATE_ROOM).status();
                    }
                }
                assertThat(status).isEqualTo(201);
            } finally {
                for (Socket socket : open) {
                    socket.close();
                }
            }
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(TIMEOUT_MILLIS);
        return socket;
    }

    private static RawHttp.Response ask(Socket socket) throws IOException {
        return ask(socket, RawHttp.get("/healthz"));
    }

    private static RawHttp.Response ask(Socket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        InputStream in = socket.getInputStream();
        return RawHttp.read(in, false);
    }
}
