package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.NetSettings;
import dev.tictactoe.server.ops.PrometheusText;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Clients that never read but keep asking for snapshots and sending bad frames: what the server
 * holds for each stays bounded, whatever they send.
 */
class SlowReaderIT {

    private static final int CLIENTS = 20;
    private static final int FRAMES_EACH = 4_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void bytesWaitingForNeverReadingClientsStayUnderTheCap() throws Exception {
        // A generous message rate, so the clients can ask for far more than they read.
        ServerConfig config =
                ServerConfig.local("--messages-per-second=100000", "--message-burst=100000");
        try (TestServer server = new TestServer(config)) {
            int port = server.server.port();
            String code = server.create(new NewRoom(19, 5, "X", "X", true, true, null, null, null));
            List<Socket> sockets = new ArrayList<>();
            ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor();
            CountDownLatch done = new CountDownLatch(CLIENTS);
            try {
                for (int i = 0; i < CLIENTS; i++) {
                    Socket socket = new Socket();
                    socket.setReceiveBufferSize(4 * 1024);
                    socket.connect(new java.net.InetSocketAddress("127.0.0.1", port));
                    sockets.add(socket);
                    socket.getOutputStream()
                            .write(
                                    RawHttp.upgrade("/rooms/" + code + "/ws")
                                            .getBytes(StandardCharsets.ISO_8859_1));
                    assertThat(RawHttp.read(socket.getInputStream(), false).status())
                            .isEqualTo(101);
                    boolean garbage = i % 2 == 1;
                    writers.execute(
                            () -> {
                                try {
                                    OutputStream out = socket.getOutputStream();
                                    out.write(
                                            frame(
                                                    "{\"type\":\"join\",\"protocol\":1,\"name\":\"slow\",\"spectate\":true}"));
                                    byte[] ask =
                                            frame(
                                                    garbage
                                                            ? "{\"type\":\"nonsense\"}"
                                                            : "{\"type\":\"sync\"}");
                                    for (int f = 0; f < FRAMES_EACH; f++) {
                                        out.write(ask);
                                    }
                                } catch (IOException e) {
                                    // The server closed us, or stopped reading and the test ended:
                                    // both are fine.
                                } finally {
                                    done.countDown();
                                }
                            });
                }
                long most = 0;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
                // Writers block once the server stops reading them, so "done" may never come: poll
                // for a while. Small enough, their frames all fit in the socket buffers at once and
                // the writers are done before the server has answered any: then poll on until the
                // answers back up.
                do {
                    most = Math.max(most, gauge(port, "ttt_outbound_pending_max_bytes"));
                } while (System.nanoTime() < deadline
                        && !(done.await(200, TimeUnit.MILLISECONDS) && most > 0));
                most = Math.max(most, gauge(port, "ttt_outbound_pending_max_bytes"));
                // Writes handed over from a room's loop count as pending from the moment they are
                // queued, before the limit on the channel's loop drops them: allow one more
                // high-water mark of such writes in flight on a busy machine.
                assertThat(most)
                        .isPositive()
                        .isLessThanOrEqualTo(NetSettings.DEFAULT_MAX_OUTBOUND_BYTES + 64 * 1024);
                assertThat(gauge(port, "ttt_outbound_pending_bytes"))
                        .isLessThanOrEqualTo(
                                (long) CLIENTS * NetSettings.DEFAULT_MAX_OUTBOUND_BYTES);
            } finally {
                for (Socket socket : sockets) {
                    socket.close();
                }
                writers.shutdownNow();
            }
        }
    }

    /** One gauge of the server's /metrics. */
    private static long gauge(int port, String name) throws IOException {
        String text = RawHttp.exchange(port, RawHttp.get("/metrics"), 30_000).body();
        return (long) PrometheusText.parse(text).get(name).value(name, Map.of());
    }

    /** A masked text frame (client to server); the zero mask leaves the payload as it is. */
    private static byte[] frame(String text) {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        byte[] frame = new byte[6 + payload.length];
        frame[0] = (byte) 0x81;
        frame[1] = (byte) (0x80 | payload.length);
        System.arraycopy(payload, 0, frame, 6, payload.length);
        return frame;
    }
}
