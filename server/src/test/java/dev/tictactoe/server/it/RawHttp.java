package dev.tictactoe.server.it;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * HTTP over a plain socket, byte for byte as written, for requests no well-behaved client sends.
 */
final class RawHttp {

    /** An answer: status, headers (lower-case names), body. */
    record Response(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private RawHttp() {}

    static String upgrade(String target) {
        return "GET "
                + target
                + " HTTP/1.1\r\n"
                + "Host: localhost\r\n"
                + "Upgrade: websocket\r\n"
                + "Connection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n";
    }

    static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    }

    /**
     * Sends {@code request} on a new connection and reads one answer, waiting at most {@code
     * timeoutMillis}.
     */
    static Response exchange(int port, String request, int timeoutMillis) throws IOException {
        return exchange(port, request, 1, timeoutMillis).get(0);
    }

    /** Sends {@code request} (possibly several pipelined) and reads {@code answers} answers. */
    static List<Response> exchange(int port, String request, int answers, int timeoutMillis)
            throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(timeoutMillis);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String[] requests = request.split("\r\n\r\n");
            List<Response> responses = new ArrayList<>();
            for (int i = 0; i < answers; i++) {
                responses.add(read(in, i < requests.length && requests[i].startsWith("HEAD ")));
            }
            return responses;
        } catch (SocketTimeoutException e) {
            throw new AssertionError(
                    "no answer within " + timeoutMillis + " ms to " + abbreviate(request), e);
        }
    }

    /** True once the server has closed the connection (end of stream or a reset). */
    static boolean closedWithin(Socket socket, int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        try {
            while (socket.getInputStream().read() >= 0) {
                // Drain whatever was still sent.
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * Reads one answer; {@code head}: the answer to a HEAD request, which has no body whatever its
     * length says.
     */
    static Response read(InputStream in, boolean head) throws IOException {
        String statusLine = line(in);
        if (statusLine == null) {
            throw new IOException("connection closed before an answer");
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, String> headers = new TreeMap<>();
        for (String line = line(in); line != null && !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.put(
                    line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).strip());
        }
        int length =
                status == 101 || head
                        ? 0
                        : Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0; b = in.read()) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    static String abbreviate(String text) {
        String oneLine = text.replace("\r\n", " | ");
        return oneLine.length() <= 120 ? oneLine : oneLine.substring(0, 120) + "...";
    }
}
