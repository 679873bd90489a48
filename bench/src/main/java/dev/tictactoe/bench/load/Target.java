package dev.tictactoe.bench.load;

import dev.tictactoe.client.ServerAddress;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The server under load: host and port, plain HTTP and WebSocket. */
record Target(String host, int port) {

    private static final Pattern IPV4 =
            Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    /**
     * Reads the {@code --server} option as every tool does ({@link ServerAddress}); plain http://
     * or ws:// only.
     */
    static Target parse(String text) {
        ServerAddress address;
        try {
            address = ServerAddress.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--server: " + e.getMessage());
        }
        if (address.secure()) {
            throw new IllegalArgumentException(
                    "--server \""
                            + text
                            + "\": the load generator speaks plain http:// or ws:// only");
        }
        return new Target(address.host(), address.port());
    }

    /**
     * True for {@code localhost}, 127.0.0.0/8 and ::1 written as literals. Other names are not
     * resolved, so they count as remote: a load test must not leave the machine by accident.
     */
    static boolean isLoopback(String host) {
        String h =
                host.startsWith("[") && host.endsWith("]")
                        ? host.substring(1, host.length() - 1)
                        : host;
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        Matcher v4 = IPV4.matcher(h);
        if (v4.matches()) {
            for (int i = 1; i <= 4; i++) {
                if (Integer.parseInt(v4.group(i)) > 255) {
                    return false;
                }
            }
            return Integer.parseInt(v4.group(1)) == 127;
        }
        if (h.contains(":") && h.matches("[0-9A-Fa-f:.]+")) {
            try {
                return InetAddress.getByName(h).isLoopbackAddress(); // a literal: no lookup
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return false;
    }

    boolean isLoopback() {
        return isLoopback(host);
    }

    /**
     * True when the host is an IPv4 loopback address (or localhost), where 127.0.0.2... can be
     * bound.
     */
    boolean isIpv4Loopback() {
        return host.equalsIgnoreCase("localhost")
                || (IPV4.matcher(host).matches() && isLoopback(host));
    }

    String authority() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    URI http(String pathAndQuery) {
        return URI.create("http://" + authority() + pathAndQuery);
    }

    URI room(String code) {
        return URI.create("ws://" + authority() + "/rooms/" + code + "/ws");
    }

    @Override
    public String toString() {
        return authority();
    }
}
