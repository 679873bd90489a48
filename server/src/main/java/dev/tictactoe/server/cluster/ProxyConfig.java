package dev.tictactoe.server.cluster;

import static java.nio.charset.StandardCharsets.UTF_8;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** {@code proxy-config}: an nginx or HAProxy configuration for a set of nodes. */
@Command(
        name = "proxy-config",
        mixinStandardHelpOptions = true,
        description =
                "Writes an nginx or HAProxy configuration that routes each room's requests to the"
                        + " node its code names, and everything else to any node.")
public final class ProxyConfig implements Callable<Integer> {

    /** A regex matching the path of every request about a room (the code's first character on). */
    static final String ROOM_PATH = "^/(api/)?rooms/";

    /** Separators {@code RoomCode.normalize} drops, which may come before the code's first. */
    static final String SEPARATORS = "[[:space:]-]*";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)}}");

    public static final int DEFAULT_SOCKETS = 100_000;

    /** Default: the node flag naming this proxy as trusted (loopback: a proxy beside its nodes). */
    public static final String DEFAULT_TRUSTED_PROXIES = "127.0.0.1/32";

    public static final String DEFAULT_TLS_PEM = "/etc/ssl/private/tictactoe.pem";

    /** Default: room lookups per second per address through nginx, which cannot tell misses. */
    public static final int DEFAULT_LOOKUPS_PER_SECOND = 20;

    public static final int DEFAULT_LOOKUP_BURST = 200;

    static final class Engine {
        @Option(names = "--nginx", required = true, description = "Write an nginx.conf.")
        boolean nginx;

        @Option(names = "--haproxy", required = true, description = "Write a haproxy.cfg.")
        boolean haproxy;
    }

    @ArgGroup(multiplicity = "1")
    Engine engine;

    @Parameters(
            arity = "1..*",
            paramLabel = "NODE=host:port",
            description = "Each node's character (its --node) and address.")
    List<String> nodeArgs = new ArrayList<>();

    @Option(
            names = "--listen",
            defaultValue = "80",
            description = "Plain HTTP listener: a port, or address:port.")
    String listen;

    @Option(
            names = "--tls-listen",
            defaultValue = "443",
            description = "TLS listener: a port, or address:port; 'none' for no TLS listener.")
    String tlsListen;

    @Option(
            names = "--tls-pem",
            defaultValue = DEFAULT_TLS_PEM,
            description = "One PEM file with the certificate chain and its key.")
    String tlsPem;

    @Option(
            names = "--sockets",
            defaultValue = "" + DEFAULT_SOCKETS,
            description = "Client sockets to size the proxy for.")
    int sockets;

    @Option(
            names = "--trusted-proxies",
            defaultValue = DEFAULT_TRUSTED_PROXIES,
            description = "How the nodes see this proxy: their --trusted-proxies, in the header.")
    String trustedProxies;

    @Option(
            names = "--lookups-per-second",
            defaultValue = "" + DEFAULT_LOOKUPS_PER_SECOND,
            description = "nginx only: room lookups per second per client address.")
    int lookupsPerSecond;

    @Option(
            names = "--lookup-burst",
            defaultValue = "" + DEFAULT_LOOKUP_BURST,
            description = "nginx only: the burst of room lookups per client address.")
    int lookupBurst;

    @Spec CommandSpec spec;

    private List<Upstream> nodes = List.of();

    /** The nodes' budget of unknown room codes per address, which HAProxy keeps in front. */
    private final int unknownCodesPerSecond;

    private final int unknownCodeBurst;

    /** For nodes that let an address get this many codes wrong a second, and at once. */
    public ProxyConfig(int unknownCodesPerSecond, int unknownCodeBurst) {
        this.unknownCodesPerSecond = unknownCodesPerSecond;
        this.unknownCodeBurst = unknownCodeBurst;
    }

    @Override
    public Integer call() {
        try {
            System.out.print(render());
            return 0;
        } catch (IllegalArgumentException e) {
            System.err.println("proxy-config: " + e.getMessage());
            return 2;
        }
    }

    String render() {
        nodes = nodeArgs.stream().map(Upstream::parse).toList();
        Set<Character> seen = new HashSet<>();
        for (Upstream node : nodes) {
            if (!seen.add(node.node())) {
                throw new IllegalArgumentException("node " + node.node() + " is given twice");
            }
        }
        if (sockets < 1 || lookupsPerSecond < 1 || lookupBurst < 1) {
            throw new IllegalArgumentException(
                    "--sockets, --lookups-per-second and --lookup-burst must be positive");
        }
        return header() + (engine.nginx ? nginx() : haproxy());
    }

    private String nginx() {
        // Each proxied socket holds two connections; a worker may get them all.
        int connections = 2 * sockets + 1024;
        Map<String, Object> values = new HashMap<>();
        values.put("files", connections + 1024);
        values.put("connections", connections);
        values.put("roomPath", ROOM_PATH);
        values.put("lookupsPerSecond", lookupsPerSecond);
        values.put("listen", listen);
        values.put("tlsListen", tlsListen);
        values.put("tlsPem", tlsPem);
        values.put("routes", each("        ~" + ROOM_PATH + SEPARATORS + "%4$s %3$s;\n"));
        values.put("anyNode", each("        server %2$s max_fails=1 fail_timeout=5s;\n"));
        values.put(
                "ownNodes",
                each(
                        "\n    # Node %1$s alone: while it is down its rooms get 502, never another"
                                + " node.\n    upstream %3$s {\n        server %2$s;\n    }\n"));
        values.put("locations", fill("nginx-locations.conf", Map.of("lookupBurst", lookupBurst)));
        values.put("tls", tls() ? fill("nginx-tls.conf", values) : "");
        return fill("nginx.conf", values);
    }

    private String haproxy() {
        Map<String, Object> values = new HashMap<>();
        values.put("sockets", sockets);
        values.put("listen", bind(listen));
        values.put("tlsListen", bind(tlsListen));
        values.put("tlsPem", tlsPem);
        values.put("tls", tls() ? fill("haproxy-tls.cfg", values) : "");
        values.put("burst", unknownCodeBurst);
        values.put("periodMs", 1000L * unknownCodeBurst / unknownCodesPerSecond);
        values.put("roomPath", ROOM_PATH);
        values.put(
                "routes",
                each(
                        "    use_backend %3$s if { path,url_dec -m reg "
                                + ROOM_PATH
                                + SEPARATORS
                                + "%4$s }\n"));
        values.put("anyNode", each("    server %1$s %2$s check inter 2s fall 2 rise 1\n"));
        values.put(
                "ownNodes",
                each(
                        "\n# Node %1$s alone: while it is down its rooms get 503, never another"
                                + " node.\nbackend %3$s\n    server %1$s %2$s\n"));
        return fill("haproxy.cfg", values);
    }

    /** {@code format} for each node: its character, address, name and first characters. */
    private String each(String format) {
        return nodes.stream()
                .map(n -> format.formatted(n.node(), n.address(), n.name(), n.firstCharacters()))
                .collect(Collectors.joining());
    }

    /** The resource {@code name} beside this class, each {@code {{key}}} replaced by its value. */
    private static String fill(String name, Map<String, ?> values) {
        String text;
        try (InputStream in = ProxyConfig.class.getResourceAsStream(name)) {
            text = new String(Objects.requireNonNull(in, name).readAllBytes(), UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return PLACEHOLDER.matcher(text).replaceAll(m -> value(values, m.group(1)));
    }

    private static String value(Map<String, ?> values, String key) {
        return Matcher.quoteReplacement(
                String.valueOf(Objects.requireNonNull(values.get(key), key)));
    }

    /** A port alone binds every address, as nginx's {@code listen} does. */
    private static String bind(String listen) {
        return listen.chars().allMatch(Character::isDigit) ? ":" + listen : listen;
    }

    private boolean tls() {
        return !tlsListen.equals("none");
    }

    /** The header both engines start with: what generated it and how to start the nodes. */
    private String header() {
        return "# Generated by tictactoe-server proxy-config "
                + String.join(" ", spec.commandLine().getParseResult().originalArgs())
                + """

                # A room's requests (/rooms/{code}/ws, /api/rooms/{code}...) go to the node the code's
                # first character names, and never elsewhere: while that node is down its rooms get
                # 502/503, which clients retry. Everything else goes to any node that answers. Start
                # each node with its character, its own data directory and this proxy as trusted:
                """
                + each(
                        "#   tictactoe-server --node %1$s --trusted-proxies "
                                + trustedProxies
                                + "   (at %2$s)\n");
    }
}
