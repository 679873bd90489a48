package dev.tictactoe.server.net;

import io.netty.channel.Channel;
import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import io.netty.util.AttributeKey;
import io.netty.util.NetUtil;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;

/** Who a request comes from: the peer, or the nearest untrusted X-Forwarded-For entry. */
public final class ClientAddress {

    /** The client address of a connection, set at its first request and kept for its logs. */
    static final AttributeKey<String> KEY = AttributeKey.valueOf("ttt.client-address");

    private final List<IpSubnetFilterRule> trusted;

    /** {@code proxies}: see {@link #parse}; anything else is refused so a typo is not ignored. */
    ClientAddress(List<String> proxies) {
        trusted = proxies.stream().map(ClientAddress::parse).toList();
    }

    /** An IP address or a CIDR range, never a host name (no DNS is asked). */
    public static IpSubnetFilterRule parse(String text) {
        int slash = text.indexOf('/');
        InetAddress address =
                NetUtil.createInetAddressFromIpAddressString(
                        slash < 0 ? text : text.substring(0, slash));
        if (address == null) {
            throw new IllegalArgumentException(
                    ("trustedProxies: '%s' is not an IP address or CIDR range (such as 10.0.0.5,"
                                    + " 172.16.0.0/12 or fd00::/8)")
                            .formatted(text));
        }
        int bits = address instanceof Inet4Address ? 32 : 128;
        int prefix = bits;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(text.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException(
                        "trustedProxies: '" + text + "' needs a prefix length of 0.." + bits);
            }
        }
        return new IpSubnetFilterRule(address, prefix, IpFilterRuleType.ACCEPT);
    }

    /** The client address of {@code channel}: the one kept at its first request, else its peer. */
    public static String of(Channel channel) {
        String kept = channel.attr(KEY).get();
        return kept != null ? kept : host(channel.remoteAddress());
    }

    /** The client address of a request, kept on the channel for {@link #of(Channel)}. */
    String of(Channel channel, String forwardedFor) {
        String address = of(channel.remoteAddress(), forwardedFor);
        channel.attr(KEY).set(address);
        return address;
    }

    String of(SocketAddress peer, String forwardedFor) {
        InetAddress address = peer instanceof InetSocketAddress inet ? inet.getAddress() : null;
        if (address == null || forwardedFor == null || !trusted(address)) {
            return host(peer);
        }
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            InetAddress hop = NetUtil.createInetAddressFromIpAddressString(hops[i].strip());
            if (hop == null) {
                // Garbage in the header: the last address we can vouch for is the proxy's.
                return address.getHostAddress();
            }
            address = hop;
            if (!trusted(hop)) {
                break;
            }
        }
        return address.getHostAddress();
    }

    private boolean trusted(InetAddress address) {
        InetSocketAddress socket = new InetSocketAddress(address, 0);
        return trusted.stream().anyMatch(rule -> rule.matches(socket));
    }

    private static String host(SocketAddress peer) {
        return peer instanceof InetSocketAddress inet && inet.getAddress() != null
                ? inet.getAddress().getHostAddress()
                : String.valueOf(peer);
    }
}
