package dev.tictactoe.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.cluster.ClusterSettings;
import dev.tictactoe.server.lobby.MatchSettings;
import dev.tictactoe.server.logging.LogFormat;
import dev.tictactoe.server.metrics.BuildInfo;
import dev.tictactoe.server.net.NetSettings;
import dev.tictactoe.server.room.RegistrySettings;
import dev.tictactoe.server.store.StoreSettings;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

class MainTest {

    private static ServerConfig parse(String... args) {
        return main(args).config();
    }

    private static Main main(String... args) {
        Main main = new Main();
        Main.commandLine(main, Map.of()).parseArgs(args);
        return main;
    }

    @Test
    void noFlagsGiveTheNamedDefaults() {
        ServerConfig config = parse();
        // What a server built in code changes: a loopback address, any port, rooms in memory.
        assertThat(ServerConfig.local("--host=0.0.0.0", "--port=8080", "--data-dir=data"))
                .isEqualTo(config);
        assertThat(config.store().dataDir()).isEqualTo(Path.of("data"));
        assertThat(ServerConfig.local().store().dataDir()).isNull();
        assertThat(config.store().durability()).isEqualTo(StoreSettings.DEFAULT_DURABILITY);
        assertThat(config.store().gameRetention())
                .isEqualTo(Duration.ofDays(7))
                .isEqualTo(StoreSettings.DEFAULT_GAME_RETENTION);
        assertThat(config.net().port()).isEqualTo(NetSettings.DEFAULT_PORT);
        assertThat(config.net().maxFrameBytes()).isEqualTo(64 * 1024);
        assertThat(config.rooms().seatGrace()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.rooms().idleClaim()).isEqualTo(IdleClaim.DEFAULT_AFTER);
    }

    @Test
    void logFormatsAreReadForgivingly() {
        assertThat(main("--log-format", " JSON ").logFormat).isEqualTo(LogFormat.JSON);
        assertThat(main("--log-format", "text").logFormat).isEqualTo(LogFormat.TEXT);
    }

    @Test
    void theIdleClaimTimeIsASettingWithinItsLimits() {
        assertThat(parse("--idle-claim", "2m").rooms().idleClaim())
                .isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> parse("--idle-claim", "5s"))
                .hasMessageContaining("idle claim time must be 10s..1h");
        assertThatThrownBy(() -> parse("--idle-claim", "2h")).hasMessageContaining("was 2h");
    }

    @Test
    void quickMatchLimitsAreFlagsWithNamedDefaults() {
        ServerConfig defaults = parse();
        assertThat(defaults.match().matchWait())
                .isEqualTo(Duration.ofSeconds(30))
                .isEqualTo(MatchSettings.DEFAULT_MATCH_WAIT);
        assertThat(defaults.match().matchMaxWaiting())
                .isEqualTo(10_000)
                .isEqualTo(MatchSettings.DEFAULT_MATCH_MAX_WAITING);
        ServerConfig config = parse("--match-wait", "45s", "--match-max-waiting", "50");
        assertThat(config.match().matchWait()).isEqualTo(Duration.ofSeconds(45));
        assertThat(config.match().matchMaxWaiting()).isEqualTo(50);
        assertThat(parse("--match-wait", "5m").match().matchWait())
                .isEqualTo(MatchSettings.MAX_MATCH_WAIT);
        assertThatThrownBy(() -> parse("--match-wait", "301s"))
                .hasMessageContaining("matchWait must be at most 5 minutes");
        assertThatThrownBy(() -> parse("--match-wait", "0s")).hasMessageContaining("matchWait");
        assertThatThrownBy(() -> parse("--match-max-waiting", "0"))
                .hasMessageContaining("matchMaxWaiting");
    }

    @Test
    void theNodeCharacterAndRedisAreOffByDefault() {
        ServerConfig defaults = parse();
        assertThat(defaults.cluster().node()).isNull();
        assertThat(ClusterSettings.DEFAULT_NODE).isNull();
        assertThat(defaults.cluster().redis()).isNull();
        assertThat(ClusterSettings.DEFAULT_REDIS).isNull();
        ServerConfig config = parse("--node", "k", "--redis", "redis://127.0.0.1:6390");
        assertThat(config.cluster().node()).isEqualTo('K');
        assertThat(config.cluster().redis()).hasToString("redis://127.0.0.1:6390");
        assertThatThrownBy(() -> parse("--node", "U")).hasMessageContaining("'U' is not one");
        assertThatThrownBy(() -> parse("--node", "AB")).hasMessageContaining("'AB' is not one");
        assertThatThrownBy(() -> parse("--redis", "http://x:1"))
                .hasMessageContaining("is not redis://host:port");
    }

    @Test
    void theRequestTimeoutIsAFlagWithANamedDefault() {
        assertThat(parse().net().requestTimeout())
                .isEqualTo(Duration.ofSeconds(10))
                .isEqualTo(NetSettings.DEFAULT_REQUEST_TIMEOUT);
        assertThat(parse("--request-timeout", "3s").net().requestTimeout())
                .isEqualTo(Duration.ofSeconds(3));
        assertThatThrownBy(() -> parse("--request-timeout", "0s"))
                .hasMessageContaining("requestTimeout");
    }

    @Test
    void theHeartbeatTimeoutIsAFlagWithANamedDefault() {
        assertThat(parse().net().heartbeatTimeout())
                .isEqualTo(Duration.ofSeconds(12))
                .isEqualTo(NetSettings.DEFAULT_HEARTBEAT_TIMEOUT);
        assertThat(parse("--heartbeat-timeout", "20s").net().heartbeatTimeout())
                .isEqualTo(Duration.ofSeconds(20));
        assertThatThrownBy(() -> parse("--heartbeat-timeout", "0s"))
                .hasMessageContaining("heartbeatTimeout");
    }

    @Test
    void connectionsAreCappedByTheFlagAndByTheOpenFileLimit() {
        ServerConfig defaults = parse();
        assertThat(defaults.net().maxConnections())
                .isEqualTo(100_000)
                .isEqualTo(NetSettings.DEFAULT_MAX_CONNECTIONS);
        assertThat(parse("--max-connections", "500").net().maxConnections()).isEqualTo(500);
        assertThatThrownBy(() -> parse("--max-connections", "0"))
                .hasMessageContaining("maxConnections");
        // The open-file limit keeps RESERVED_FILES back from whatever the flag says.
        assertThat(defaults.net().connectionCap(20_000)).isEqualTo(19_000);
        assertThat(defaults.net().connectionCap(-1)).isEqualTo(100_000);
        assertThat(parse("--max-connections", "500").net().connectionCap(20_000)).isEqualTo(500);
        assertThat(defaults.net().connectionCap(NetSettings.RESERVED_FILES)).isEqualTo(1);
    }

    @Test
    void theDataDirectoryAndItsPolicyAreFlags() {
        assertThat(parse("--data-dir", "none").store().dataDir()).isNull();
        assertThat(parse("--data-dir", "/var/lib/ttt").store().dataDir())
                .isEqualTo(Path.of("/var/lib/ttt"));
        assertThat(parse("--durability", "fsync").store().durability()).isEqualTo("fsync");
        assertThat(parse("--game-retention", "24h").store().gameRetention())
                .isEqualTo(Duration.ofDays(1));
        assertThatThrownBy(() -> parse("--durability", "sometimes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("durability");
        assertThatThrownBy(() -> ServerConfig.local("--game-retention=" + Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gameRetention");
    }

    @Test
    void flagsOverrideDefaultsAndDurationsReadNaturally() {
        ServerConfig config =
                parse(
                        "--port",
                        "9000",
                        "--idle-timeout",
                        "90s",
                        "--seat-grace",
                        "PT2M",
                        "--bot-budget",
                        "500ms",
                        "--max-rooms",
                        "10");
        assertThat(config.net().port()).isEqualTo(9000);
        assertThat(config.net().idleTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(config.rooms().seatGrace()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.rooms().botBudget()).isEqualTo(Duration.ofMillis(500));
        assertThat(config.rooms().maxRooms()).isEqualTo(10);
    }

    @Test
    void impossibleSettingsAreRefusedWithTheirName() {
        assertThatThrownBy(() -> parse("--max-rooms", "0")).hasMessageContaining("maxRooms");
        assertThatThrownBy(() -> parse("--port", "70000")).hasMessageContaining("port");
        assertThatThrownBy(() -> parse("--idle-timeout", "soon")).hasMessageContaining("soon");
    }

    @Test
    void botSeedAndNodeBudgetAreOffByDefaultAndReadIntegers() {
        ServerConfig defaults = parse();
        assertThat(defaults.rooms().botSeed()).isNull();
        assertThat(RegistrySettings.DEFAULT_BOT_SEED).isNull();
        assertThat(defaults.rooms().botNodes()).isNull();
        assertThat(RegistrySettings.DEFAULT_BOT_NODES).isNull();
        ServerConfig config = parse("--bot-seed", "-7", "--bot-nodes", "20000");
        assertThat(config.rooms().botSeed()).isEqualTo(-7L);
        assertThat(config.rooms().botNodes()).isEqualTo(20_000L);
        assertThat(parse("--bot-seed", "none", "--bot-nodes", "NONE").rooms().botNodes()).isNull();
        assertThatThrownBy(() -> parse("--bot-seed", "soon"))
                .hasMessageContaining("'soon' is not an integer");
        assertThatThrownBy(() -> parse("--bot-nodes", "0"))
                .hasMessageContaining("botNodes must be positive");
    }

    @Test
    void allowedOriginsAreACommaSeparatedListOfOrigins() {
        assertThat(parse().net().allowedOrigins())
                .isEqualTo(NetSettings.DEFAULT_ALLOWED_ORIGINS)
                .isEmpty();
        assertThat(
                        parse("--allowed-origins", "https://play.example, http://localhost:3000")
                                .net()
                                .allowedOrigins())
                .containsExactly("https://play.example", "http://localhost:3000");
        assertThatThrownBy(() -> parse("--allowed-origins", "play.example/path"))
                .hasMessageContaining("allowedOrigins");
    }

    @Test
    void theHardeningFlagsParseAndDefaultSafely() {
        ServerConfig defaults = parse();
        assertThat(defaults.net().maxOutboundBytes())
                .isEqualTo(NetSettings.DEFAULT_MAX_OUTBOUND_BYTES);
        assertThat(defaults.net().drainTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(defaults.net().trustedProxies()).isEmpty();
        assertThat(defaults.net().benchEndpoints()).isFalse();
        ServerConfig config =
                parse(
                        "--max-outbound-bytes",
                        "100000",
                        "--drain-timeout",
                        "2s",
                        "--trusted-proxies",
                        "10.0.0.1, 10.0.0.2",
                        "--bench-endpoints",
                        "--unknown-codes-per-second",
                        "3",
                        "--unknown-code-burst",
                        "4");
        assertThat(config.net().maxOutboundBytes()).isEqualTo(100_000);
        assertThat(config.net().drainTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.net().trustedProxies()).containsExactly("10.0.0.1", "10.0.0.2");
        assertThat(config.net().benchEndpoints()).isTrue();
        assertThat(config.net().unknownCodesPerSecond()).isEqualTo(3);
        assertThat(config.net().unknownCodeBurst()).isEqualTo(4);
        assertThatThrownBy(() -> parse("--max-outbound-bytes", "0"))
                .hasMessageContaining("maxOutboundBytes");
    }

    @Test
    void theAdminPortIsOffByDefaultAndOnLoopbackWhenOn() {
        ServerConfig defaults = parse();
        assertThat(defaults.net().adminPort()).isNull();
        assertThat(NetSettings.DEFAULT_ADMIN_PORT).isNull();
        assertThat(defaults.net().adminHost()).isEqualTo(NetSettings.DEFAULT_ADMIN_HOST);
        assertThat(NetSettings.DEFAULT_ADMIN_HOST).isEqualTo("127.0.0.1");
        ServerConfig config = parse("--admin-port", "9090", "--admin-host", "0.0.0.0");
        assertThat(config.net().adminPort()).isEqualTo(9090);
        assertThat(config.net().adminHost()).isEqualTo("0.0.0.0");
        assertThat(parse("--admin-port", "none").net().adminPort()).isNull();
    }

    @Test
    void theTransportIsChosenByNameAndAnUnknownOneIsRefused() {
        assertThat(parse().net().transport())
                .isEqualTo(NetSettings.DEFAULT_TRANSPORT)
                .isEqualTo("auto");
        assertThat(parse("--transport", "nio").net().transport()).isEqualTo("nio");
        assertThatThrownBy(() -> parse("--transport", "kqueue")).hasMessageContaining("kqueue");
    }

    /** Runs the command line as main does; returns its exit code and what it wrote to stderr. */
    private static String[] run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine(new Main(), Map.of());
        cli.setErr(new PrintWriter(err));
        cli.setOut(new PrintWriter(new StringWriter()));
        int code = cli.execute(args);
        return new String[] {String.valueOf(code), err.toString()};
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--durability|sometimes|'--durability' (env TTT_DURABILITY)",
                "--trusted-proxies|nginx|is not an IP address or CIDR range",
                "--port|abc|'abc' is not an int",
                "--admin-port|70000|'--admin-port' (env TTT_ADMIN_PORT): adminPort must be"
                        + " 0..65535, was 70000",
                "--admin-port|x|'x' is not an integer (or none)",
                "--idle-timeout|xx|is not a duration (use 500ms",
                "--idle-claim|5s|idle claim time must be 10s..1h, was 5s",
                "--match-wait|301s|'--match-wait' (env TTT_MATCH_WAIT): matchWait must be at most"
                        + " 5 minutes, was 5m1s",
                "--max-rooms|0|maxRooms must be positive",
                "--log-format|yaml|'yaml' is not a log format (use text or json)",
                "--data-dir|/proc/ttt-no-such-dir|'/proc/ttt-no-such-dir' cannot be created or"
                        + " written",
            })
    void aBadValueIsOneLineNamingTheFlagThenExitCodeTwo(String flag, String value, String says) {
        String[] result = run(flag, value);
        assertThat(result[0]).isEqualTo(String.valueOf(FlagErrors.EXIT)).isEqualTo("2");
        assertThat(result[1].lines().toList())
                .singleElement()
                .asString()
                .startsWith("tictactoe-server: Invalid value for option '" + flag + "'")
                .contains(says)
                .doesNotContain("Exception:", "\tat ");
    }

    @Test
    void versionNamesTheBuild() {
        StringWriter out = new StringWriter();
        CommandLine cli = Main.commandLine(new Main(), Map.of());
        cli.setOut(new PrintWriter(out));
        assertThat(cli.execute("--version")).isZero();
        assertThat(out.toString().strip())
                .isEqualTo("tictactoe-server " + BuildInfo.CURRENT.describe());
        assertThat(BuildInfo.CURRENT.version())
                .isNotEqualTo(BuildInfo.UNKNOWN)
                .endsWith("SNAPSHOT");
    }
}
