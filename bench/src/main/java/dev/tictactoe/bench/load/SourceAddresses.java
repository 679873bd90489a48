package dev.tictactoe.bench.load;

import org.jspecify.annotations.Nullable;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Local addresses for outgoing connections. One source address has about 28,000 ephemeral ports
 * towards one server port, so beyond {@code perSource} connections they are spread over 127.0.0.1,
 * 127.0.0.2, ... (all of 127.0.0.0/8 is loopback on Linux).
 */
final class SourceAddresses {

    private final boolean spread;
    private final int perSource;
    private final AtomicInteger next = new AtomicInteger();

    SourceAddresses(Target target, int connections, int perSource) {
        this.perSource = perSource;
        this.spread = connections > perSource;
        if (spread && !target.isIpv4Loopback()) {
            throw new IllegalArgumentException(
                    connections
                            + " connections need more than one source address (at most "
                            + perSource
                            + " each), which only works against an IPv4 loopback target such as"
                            + " 127.0.0.1");
        }
        if (spread && (connections - 1) / perSource + 1 > 65_000) {
            throw new IllegalArgumentException(
                    "too many source addresses needed for " + connections + " connections");
        }
    }

    /** The local address of the next connection, or null to let the system choose. */
    @Nullable InetAddress next() {
        return spread ? addressFor(next.getAndIncrement(), perSource) : null;
    }

    /**
     * Connection {@code index} binds 127.0.0.(1 + index / perSource), carrying into the third byte.
     */
    static InetAddress addressFor(int index, int perSource) {
        int host = 1 + index / perSource;
        try {
            return InetAddress.getByAddress(new byte[] {127, 0, (byte) (host >> 8), (byte) host});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // four bytes are always a valid address
        }
    }
}
