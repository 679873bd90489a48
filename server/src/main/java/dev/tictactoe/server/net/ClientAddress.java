package dev.tictactoe.server.net;

import io.netty.util.NetUtil;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Who a request comes from, for per-address limits: the socket's peer, or, when the peer is a
 * trusted proxy, the nearest address in {@code X-Forwarded-For} that is not itself a trusted proxy
 * (entries further left could be made up by the client).
 */
final class ClientAddress {

    private final Set<InetAddress> trusted = new HashSet<>();

    /** {@code proxies}: IP literals; anything else is refused so a typo is not silently ignored. */
    ClientAddress(List<String> proxies) {
        for (String proxy : proxies) {
            InetAddress address = literal(proxy);
            if (address == null) {
                throw new IllegalArgumentException("trusted proxy is not an IP address: " + proxy);
            }
            trusted.add(address);
        }
    }

    String of(SocketAddress peer, String forwardedFor) {
        InetAddress address = peer instanceof InetSocketAddress inet ? inet.getAddress() : null;
        if (address == null) {
            return String.valueOf(peer);
        }
        if (!trusted.contains(address) || forwardedFor == null) {
            return address.getHostAddress();
        }
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            InetAddress hop = literal(hops[i].strip());
            if (hop == null) {
                // Garbage in the header: the last address we can vouch for is the proxy's.
                return address.getHostAddress();
            }
            address = hop;
            if (!trusted.contains(hop)) {
                break;
            }
        }
        return address.getHostAddress();
    }

    /** Parses an IP literal without ever asking DNS. */
    private static InetAddress literal(String text) {
        return NetUtil.createInetAddressFromIpAddressString(text);
    }
}
