package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * WebSocket upgrades from another site's page are refused; the server's own pages, listed sites and
 * programs are not.
 */
class OriginIT {

    private static String createRoom(int port) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> created =
                    http.send(
                            HttpRequest.newBuilder(
                                            URI.create("http://127.0.0.1:" + port + "/api/rooms"))
                                    .POST(HttpRequest.BodyPublishers.ofString("{}"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            Matcher code = Pattern.compile("\"code\":\"([0-9A-Z]{6})\"").matcher(created.body());
            assertThat(code.find()).as(created.body()).isTrue();
            return code.group(1);
        }
    }

    /** The raw answer to an upgrade request, headers and (for a refusal) body. */
    private static String upgrade(int port, String code, String origin) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            String request =
                    "GET /rooms/"
                            + code
                            + "/ws HTTP/1.1\r\n"
                            + "Host: 127.0.0.1:"
                            + port
                            + "\r\n"
                            + "Upgrade: websocket\r\n"
                            + "Connection: Upgrade\r\n"
                            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                            + "Sec-WebSocket-Version: 13\r\n"
                            + (origin == null ? "" : "Origin: " + origin + "\r\n")
                            + "\r\n";
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            StringBuilder answer = new StringBuilder();
            byte[] buffer = new byte[4096];
            // Enough to hold the status line, the headers and the small JSON body of a refusal.
            while (!answer.toString().contains("\r\n\r\n")
                    || (answer.toString().contains(" 403 ") && !answer.toString().endsWith("}"))) {
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                answer.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
            }
            return answer.toString();
        }
    }

    @Test
    void aPageFromAnotherSiteCannotOpenARoomSocket() throws Exception {
        try (GameServer server = ServerConfig.local().start()) {
            String code = createRoom(server.port());
            String refused = upgrade(server.port(), code, "http://evil.example");
            assertThat(refused)
                    .startsWith("HTTP/1.1 403 ")
                    .contains("\"code\":\"origin_not_allowed\"");

            assertThat(upgrade(server.port(), code, "http://127.0.0.1:" + server.port()))
                    .startsWith("HTTP/1.1 101 ");
            assertThat(upgrade(server.port(), code, null)).startsWith("HTTP/1.1 101 ");
        }
    }

    @Test
    void listedOriginsMayOpenRoomSockets() throws Exception {
        ServerConfig config = ServerConfig.local("--allowed-origins=https://play.example");
        try (GameServer server = config.start()) {
            String code = createRoom(server.port());
            assertThat(upgrade(server.port(), code, "https://play.example"))
                    .startsWith("HTTP/1.1 101 ");
            assertThat(upgrade(server.port(), code, "https://other.example"))
                    .startsWith("HTTP/1.1 403 ");
        }
    }
}
