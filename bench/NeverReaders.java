import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Clients that ask a running server for snapshots and histories and never read: how much the
 * server's sockets hold in the kernel meanwhile, and how soon the server closes each. Linux only
 * (it reads /proc/net/tcp); loopback only. Run with the JDK's source launcher, no build:
 *
 * <pre>
 * java bench/NeverReaders.java --port 8080 --clients 1000 --requests 2000 [--rcvbuf 4096]
 * </pre>
 *
 * Each client joins a fresh 15x15 room as a spectator (fifty to a room) and sends all its requests in one write (the
 * server must allow that many: start it with a lifted --messages-per-second and --message-burst,
 * or they are refused as a flood). Every 250 ms it sums the send queues of the server's sockets
 * (/proc/net/tcp{,6}, sockets whose local port is the server's) and notes which server sockets
 * have left ESTABLISHED, that is, were closed by the server. At the end each client reads what
 * was sent to it and looks for the close frame's code. It prints the largest total send queue, and
 * the time from a client's last request written to the server closing it.
 */
public final class NeverReaders {

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>(Map.of("port", "8080", "clients", "1000", "requests", "2000", "rcvbuf", "0", "limit", "60"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        int port = Integer.parseInt(o.get("port"));
        int clients = Integer.parseInt(o.get("clients"));
        int requests = Integer.parseInt(o.get("requests"));
        int rcvbuf = Integer.parseInt(o.get("rcvbuf"));
        long limitNanos = Long.parseLong(o.get("limit")) * 1_000_000_000L;

        // A room holds 64 members: one room for every 50 clients.
        List<String> rooms = new ArrayList<>();
        for (int r = 0; r < (clients + 49) / 50; r++) {
            rooms.add(createRoom(port));
        }

        ByteArrayOutputStream asks = new ByteArrayOutputStream();
        asks.write(frame("{\"type\":\"join\",\"protocol\":1,\"name\":\"deaf\",\"spectate\":true}"));
        for (int i = 0; i < requests; i++) {
            asks.write(frame(i % 4 == 3 ? "{\"type\":\"history\"}" : "{\"type\":\"sync\"}"));
        }
        byte[] payload = asks.toByteArray();

        List<Socket> sockets = new ArrayList<>();
        int[] localPorts = new int[clients];
        long[] written = new long[clients];
        for (int i = 0; i < clients; i++) {
            Socket s = new Socket();
            if (rcvbuf > 0) {
                s.setReceiveBufferSize(rcvbuf);
            }
            s.connect(new InetSocketAddress("127.0.0.1", port));
            String code = rooms.get(i / 50);
            s.getOutputStream().write(("GET /rooms/" + code + "/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String head = readHead(s.getInputStream());
            if (!head.startsWith("HTTP/1.1 101")) {
                throw new IllegalStateException("client " + i + ": no upgrade: " + head.lines().findFirst().orElse(""));
            }
            sockets.add(s);
            localPorts[i] = s.getLocalPort();
        }
        long start = System.nanoTime();
        try (ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < clients; i++) {
                int c = i;
                writers.execute(() -> {
                    try {
                        sockets.get(c).getOutputStream().write(payload);
                        written[c] = System.nanoTime();
                    } catch (IOException e) {
                        written[c] = System.nanoTime(); // closed while still writing
                    }
                });
            }
            long[] closedAt = new long[clients];
            Map<Integer, Integer> byPort = new HashMap<>();
            for (int i = 0; i < clients; i++) {
                byPort.put(localPorts[i], i);
            }
            long mostQueued = 0;
            long mostTcpPages = 0;
            int closed = 0;
            while (closed < clients && System.nanoTime() - start < limitNanos) {
                long queued = 0;
                Map<Integer, String> serverState = new HashMap<>();
                for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
                    List<String> lines = Files.readAllLines(Path.of(table));
                    for (String line : lines.subList(1, lines.size())) {
                        String[] f = line.trim().split("\\s+");
                        int local = Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16);
                        if (local != port) {
                            continue;
                        }
                        queued += Long.parseLong(f[4].substring(0, f[4].indexOf(':')), 16);
                        serverState.put(Integer.parseInt(f[2].substring(f[2].indexOf(':') + 1), 16), f[3]);
                    }
                }
                mostQueued = Math.max(mostQueued, queued);
                for (String line : Files.readAllLines(Path.of("/proc/net/sockstat"))) {
                    if (line.startsWith("TCP:")) {
                        String[] f = line.split("\\s+");
                        mostTcpPages = Math.max(mostTcpPages, Long.parseLong(f[f.length - 1]));
                    }
                }
                long now = System.nanoTime();
                closed = 0;
                for (int i = 0; i < clients; i++) {
                    String state = serverState.get(localPorts[i]);
                    if (closedAt[i] == 0 && !"01".equals(state)) {
                        closedAt[i] = now;
                    }
                    if (closedAt[i] != 0) {
                        closed++;
                    }
                }
                Thread.sleep(250);
            }
            int found4008 = 0;
            Map<Integer, Integer> codes = new HashMap<>();
            for (Socket s : sockets) {
                int c = lastCloseCode(s);
                codes.merge(c, 1, Integer::sum);
                if (c == 4008) {
                    found4008++;
                }
                s.close();
            }
            long[] waits = new long[clients];
            int n = 0;
            for (int i = 0; i < clients; i++) {
                if (closedAt[i] != 0 && written[i] != 0) {
                    waits[n++] = Math.max(0, closedAt[i] - written[i]) / 1_000_000;
                }
            }
            long[] sorted = Arrays.copyOf(waits, n);
            Arrays.sort(sorted);
            System.out.printf("clients %d, requests each %d, client receive buffer %s%n", clients, requests, rcvbuf > 0 ? rcvbuf + " B" : "default");
            System.out.printf("largest total send queue of the server's sockets: %.1f MB (%.0f KB a client)%n", mostQueued / 1e6, mostQueued / 1e3 / clients);
            System.out.printf("largest host TCP memory: %.1f MB%n", mostTcpPages * 4096 / 1e6);
            System.out.printf("closed by the server: %d of %d; close codes the clients read: %s%n", closed, clients, codes);
            if (n > 0) {
                System.out.printf("last request written -> server closed (ms): p50 %d, p99 %d, max %d%n",
                        sorted[n / 2], sorted[Math.min(n - 1, n * 99 / 100)], sorted[n - 1]);
            }
            System.exit(found4008 == clients ? 0 : 1);
        }
    }

    private static String createRoom(int port) throws IOException, InterruptedException {
        HttpResponse<String> created =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(
                                                URI.create("http://127.0.0.1:" + port + "/api/rooms"))
                                        .header("Content-Type", "application/json")
                                        .POST(
                                                HttpRequest.BodyPublishers.ofString(
                                                        "{\"size\":15,\"winLength\":5}"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
        Matcher m = Pattern.compile("\"code\":\"([A-Z0-9]+)\"").matcher(created.body());
        if (!m.find()) {
            throw new IllegalStateException("no room: " + created.body());
        }
        return m.group(1);
    }

    /** The code of the last close frame the server sent, -1 if none, reading to the end. */
    private static int lastCloseCode(Socket s) {
        int code = -1;
        try {
            s.setSoTimeout(10_000);
            InputStream in = s.getInputStream();
            while (true) {
                int b0 = in.read();
                if (b0 < 0) {
                    break;
                }
                int len = in.read() & 0x7F;
                long length = len;
                if (len == 126) {
                    length = (in.read() << 8) | in.read();
                } else if (len == 127) {
                    length = 0;
                    for (int i = 0; i < 8; i++) {
                        length = (length << 8) | in.read();
                    }
                }
                byte[] body = in.readNBytes((int) length);
                if ((b0 & 0x0F) == 0x8 && body.length >= 2) {
                    code = ((body[0] & 0xFF) << 8) | (body[1] & 0xFF);
                }
            }
        } catch (IOException e) {
            // A reset after the close frame ends the stream too.
        }
        return code;
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.write(b);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    /** A masked text frame with a zero mask, which leaves the payload as it is. */
    private static byte[] frame(String text) {
        byte[] p = text.getBytes(StandardCharsets.UTF_8);
        byte[] f = new byte[6 + p.length];
        f[0] = (byte) 0x81;
        f[1] = (byte) (0x80 | p.length);
        System.arraycopy(p, 0, f, 6, p.length);
        return f;
    }
}
