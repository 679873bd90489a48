package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.NetSettings;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Clients that ask for snapshots and histories as fast as they can and never read a byte: the
 * server stops answering once they are backed up, closes each with 4008 (a frame they find when
 * they finally read), and what waits for them, the kernel's send queues included, stays bounded.
 */
class NeverReaderIT {

    private static final int CLIENTS = 16;

    /**
     * Half the clients ask for far more than the outbound cap holds; the other half for more than
     * the high-water mark only, so they stop there, backed up, until the grace runs out.
     */
    private static final int MANY_REQUESTS = 2_000;

    private static final int FEW_REQUESTS = 200;

    /**
     * What one backed-up connection may hold at most: the outbound cap in the server, and the
     * kernel's send buffer, widened at the close by as much again (unbounded, Linux held about 3
     * MiB a connection).
     */
    private static final long MOST_EACH = 3L * NetSettings.DEFAULT_MAX_OUTBOUND_BYTES;

    private static final Pattern WAITING =
            Pattern.compile(
                    "^ttt_outbound_waiting_bytes(?:\\{[^}]*\\})? (\\S+)$", Pattern.MULTILINE);
    private static final Pattern OPEN =
            Pattern.compile("^ttt_connections(?:\\{[^}]*\\})? (\\S+)$", Pattern.MULTILINE);

    @Test
    @Timeout(120)
    void neverReadingClientsAreClosedAsTooSlowAndWhatWaitsForThemStaysBounded() throws Exception {
        // A generous message rate, so the clients can ask for far more than they read.
        ServerConfig config =
                ServerConfig.local("--messages-per-second=100000", "--message-burst=100000");
        try (TestServer server = new TestServer(config)) {
            int port = server.server.port();
            // A long 15x15 game makes each snapshot a few KiB.
            String code = server.create(new NewRoom(15, 5, "X", "X", true, true, null, null, null));
            List<RawWebSocket> clients = new ArrayList<>();
            try (ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < CLIENTS; i++) {
                    RawWebSocket client = RawWebSocket.open(port, code, 30_000, 4096);
                    clients.add(client);
                    int requests = i % 2 == 0 ? MANY_REQUESTS : FEW_REQUESTS;
                    writers.execute(() -> spam(client, requests));
                }
                long most = 0;
                double open;
                do {
                    String scrape = RawHttp.exchange(port, RawHttp.get("/metrics"), 5_000).body();
                    most = Math.max(most, (long) gauge(WAITING, scrape));
                    open = gauge(OPEN, scrape);
                    // Paces the polling; the loop waits on the count, not on the time.
                    Thread.sleep(50);
                } while (open > 0 || most == 0);
                assertThat(most).isPositive().isLessThanOrEqualTo(CLIENTS * MOST_EACH);
                for (RawWebSocket client : clients) {
                    List<RawWebSocket.Frame> frames = client.readToEnd();
                    assertThat(frames).isNotEmpty();
                    RawWebSocket.Frame last = frames.getLast();
                    assertThat(last.opcode()).isEqualTo(RawWebSocket.CLOSE);
                    assertThat(last.closeCode()).isEqualTo(CloseCodes.TOO_SLOW);
                }
            } finally {
                for (RawWebSocket client : clients) {
                    client.close();
                }
            }
        }
    }

    /**
     * Joins and asks, all in one write, so that nothing is still on its way when the server closes:
     * a socket closed with bytes unread resets, and the reset would lose the close frame.
     */
    private static void spam(RawWebSocket client, int requests) {
        List<String> messages = new ArrayList<>();
        messages.add("{\"type\":\"join\",\"protocol\":1,\"name\":\"deaf\",\"spectate\":true}");
        for (int i = 0; i < requests; i++) {
            messages.add(i % 2 == 0 ? "{\"type\":\"sync\"}" : "{\"type\":\"history\"}");
        }
        try {
            client.sendTexts(messages);
        } catch (IOException e) {
            // Closed by the server: the test reads why.
        }
    }

    private static double gauge(Pattern pattern, String scrape) {
        Matcher m = pattern.matcher(scrape);
        double sum = 0;
        boolean found = false;
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
            found = true;
        }
        assertThat(found).as("gauge %s in /metrics", pattern).isTrue();
        return sum;
    }
}
