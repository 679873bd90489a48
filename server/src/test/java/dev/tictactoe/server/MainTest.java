package dev.tictactoe.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.metrics.BuildInfo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;

class MainTest {

    private static ServerConfig parse(String... args) {
        return main(args).config();
    }

    private static Main main(String... args) {
        Main main = new Main();
        Main.commandLine(main).parseArgs(args);
        return main;
    }

    @Test
    void noFlagsGiveTheNamedDefaults() {
        ServerConfig config = parse();
        // The one difference from a server built in code: the command line keeps rooms in ./data.
        assertThat(config)
                .isEqualTo(ServerConfig.builder().dataDir(Path.of(Main.DEFAULT_DATA_DIR)).build());
        assertThat(ServerConfig.defaults().dataDir()).isNull();
        assertThat(config.durability()).isEqualTo(ServerConfig.DEFAULT_DURABILITY);
        assertThat(config.gameRetention())
                .isEqualTo(Duration.ofDays(7))
                .isEqualTo(ServerConfig.DEFAULT_GAME_RETENTION);
        assertThat(config.port()).isEqualTo(ServerConfig.DEFAULT_PORT);
        assertThat(config.maxFrameBytes()).isEqualTo(64 * 1024);
        assertThat(config.seatGrace()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.idleClaim()).isEqualTo(IdleClaim.DEFAULT_AFTER);
    }

    @Test
    void theIdleClaimTimeIsASettingWithinItsLimits() {
        assertThat(parse("--idle-claim", "2m").idleClaim()).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> parse("--idle-claim", "5s"))
                .hasMessageContaining("idle claim time must be 10s..1h");
        assertThatThrownBy(() -> parse("--idle-claim", "2h")).hasMessageContaining("was 2h");
    }

    @Test
    void quickMatchLimitsAreFlagsWithNamedDefaults() {
        ServerConfig defaults = parse();
        assertThat(defaults.matchWait())
                .isEqualTo(Duration.ofSeconds(30))
                .isEqualTo(ServerConfig.DEFAULT_MATCH_WAIT);
        assertThat(defaults.matchMaxWaiting())
                .isEqualTo(10_000)
                .isEqualTo(ServerConfig.DEFAULT_MATCH_MAX_WAITING);
        ServerConfig config = parse("--match-wait", "45s", "--match-max-waiting", "50");
        assertThat(config.matchWait()).isEqualTo(Duration.ofSeconds(45));
        assertThat(config.matchMaxWaiting()).isEqualTo(50);
        assertThat(parse("--match-wait", "5m").matchWait()).isEqualTo(ServerConfig.MAX_MATCH_WAIT);
        assertThatThrownBy(() -> parse("--match-wait", "301s"))
                .hasMessageContaining("matchWait must be at most 5 minutes");
        assertThatThrownBy(() -> parse("--match-wait", "0s")).hasMessageContaining("matchWait");
        assertThatThrownBy(() -> parse("--match-max-waiting", "0"))
                .hasMessageContaining("matchMaxWaiting");
    }

    @Test
    void theNodeCharacterAndRedisAreOffByDefault() {
        ServerConfig defaults = parse();
        assertThat(defaults.node()).isNull();
        assertThat(ServerConfig.DEFAULT_NODE).isNull();
        assertThat(defaults.redis()).isNull();
        assertThat(ServerConfig.DEFAULT_REDIS).isNull();
        ServerConfig config = parse("--node", "k", "--redis", "redis://127.0.0.1:6390");
        assertThat(config.node()).isEqualTo('K');
        assertThat(config.redis()).hasToString("redis://127.0.0.1:6390");
        assertThatThrownBy(() -> parse("--node", "U")).hasMessageContaining("'U' is not one");
        assertThatThrownBy(() -> parse("--node", "AB")).hasMessageContaining("'AB' is not one");
        assertThatThrownBy(() -> parse("--redis", "http://x:1"))
                .hasMessageContaining("is not redis://host:port");
    }

    @Test
    void theRequestTimeoutIsAFlagWithANamedDefault() {
        assertThat(parse().requestTimeout())
                .isEqualTo(Duration.ofSeconds(10))
                .isEqualTo(ServerConfig.DEFAULT_REQUEST_TIMEOUT);
        assertThat(parse("--request-timeout", "3s").requestTimeout())
                .isEqualTo(Duration.ofSeconds(3));
        assertThatThrownBy(() -> parse("--request-timeout", "0s"))
                .hasMessageContaining("requestTimeout");
    }

    @Test
    void theHeartbeatTimeoutIsAFlagWithANamedDefault() {
        assertThat(parse().heartbeatTimeout())
                .isEqualTo(Duration.ofSeconds(12))
                .isEqualTo(ServerConfig.DEFAULT_HEARTBEAT_TIMEOUT);
        assertThat(parse("--heartbeat-timeout", "20s").heartbeatTimeout())
                .isEqualTo(Duration.ofSeconds(20));
        assertThatThrownBy(() -> parse("--heartbeat-timeout", "0s"))
                .hasMessageContaining("heartbeatTimeout");
    }

    @Test
    void connectionsAreCappedByTheFlagAndByTheOpenFileLimit() {
        ServerConfig defaults = parse();
        assertThat(defaults.maxConnections())
                .isEqualTo(100_000)
                .isEqualTo(ServerConfig.DEFAULT_MAX_CONNECTIONS);
        assertThat(parse("--max-connections", "500").maxConnections()).isEqualTo(500);
        assertThatThrownBy(() -> parse("--max-connections", "0"))
                .hasMessageContaining("maxConnections");
        // The open-file limit keeps RESERVED_FILES back from whatever the flag says.
        assertThat(defaults.connectionCap(20_000)).isEqualTo(19_000);
        assertThat(defaults.connectionCap(-1)).isEqualTo(100_000);
        assertThat(parse("--max-connections", "500").connectionCap(20_000)).isEqualTo(500);
        assertThat(defaults.connectionCap(ServerConfig.RESERVED_FILES)).isEqualTo(1);
    }

    @Test
    void theDataDirectoryAndItsPolicyAreFlags() {
        assertThat(parse("--data-dir", "none").dataDir()).isNull();
        assertThat(parse("--data-dir", "/var/lib/ttt").dataDir())
                .isEqualTo(Path.of("/var/lib/ttt"));
        assertThat(parse("--durability", "fsync").durability()).isEqualTo("fsync");
        assertThat(parse("--game-retention", "24h").gameRetention()).isEqualTo(Duration.ofDays(1));
        assertThatThrownBy(() -> parse("--durability", "sometimes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("durability");
        assertThatThrownBy(() -> ServerConfig.builder().gameRetention(Duration.ZERO).build())
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
        assertThat(config.port()).isEqualTo(9000);
        assertThat(config.idleTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(config.seatGrace()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.botBudget()).isEqualTo(Duration.ofMillis(500));
        assertThat(config.maxRooms()).isEqualTo(10);
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
        assertThat(defaults.botSeed()).isNull();
        assertThat(ServerConfig.DEFAULT_BOT_SEED).isNull();
        assertThat(defaults.botNodes()).isNull();
        assertThat(ServerConfig.DEFAULT_BOT_NODES).isNull();
        ServerConfig config = parse("--bot-seed", "-7", "--bot-nodes", "20000");
        assertThat(config.botSeed()).isEqualTo(-7L);
        assertThat(config.botNodes()).isEqualTo(20_000L);
        assertThat(parse("--bot-seed", "none", "--bot-nodes", "NONE").botNodes()).isNull();
        assertThatThrownBy(() -> parse("--bot-seed", "soon"))
                .hasMessageContaining("'soon' is not an integer");
        assertThatThrownBy(() -> parse("--bot-nodes", "0"))
                .hasMessageContaining("botNodes must be positive");
    }

    @Test
    void allowedOriginsAreACommaSeparatedListOfOrigins() {
        assertThat(parse().allowedOrigins())
                .isEqualTo(ServerConfig.DEFAULT_ALLOWED_ORIGINS)
                .isEmpty();
        assertThat(
                        parse("--allowed-origins", "https://play.example, http://localhost:3000")
                                .allowedOrigins())
                .containsExactly("https://play.example", "http://localhost:3000");
        assertThatThrownBy(() -> parse("--allowed-origins", "play.example/path"))
                .hasMessageContaining("allowedOrigins");
    }

    @Test
    void theHardeningFlagsParseAndDefaultSafely() {
        ServerConfig defaults = parse();
        assertThat(defaults.maxOutboundBytes()).isEqualTo(ServerConfig.DEFAULT_MAX_OUTBOUND_BYTES);
        assertThat(defaults.drainTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(defaults.trustedProxies()).isEmpty();
        assertThat(defaults.benchEndpoints()).isFalse();
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
        assertThat(config.maxOutboundBytes()).isEqualTo(100_000);
        assertThat(config.drainTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.trustedProxies()).containsExactly("10.0.0.1", "10.0.0.2");
        assertThat(config.benchEndpoints()).isTrue();
        assertThat(config.unknownCodesPerSecond()).isEqualTo(3);
        assertThat(config.unknownCodeBurst()).isEqualTo(4);
        assertThatThrownBy(() -> parse("--max-outbound-bytes", "0"))
                .hasMessageContaining("maxOutboundBytes");
    }

    @Test
    void theAdminPortIsOffByDefaultAndOnLoopbackWhenOn() {
        ServerConfig defaults = parse();
        assertThat(defaults.adminPort()).isNull();
        assertThat(ServerConfig.DEFAULT_ADMIN_PORT).isNull();
        assertThat(defaults.adminHost()).isEqualTo(ServerConfig.DEFAULT_ADMIN_HOST);
        assertThat(ServerConfig.DEFAULT_ADMIN_HOST).isEqualTo("127.0.0.1");
        ServerConfig config = parse("--admin-port", "9090", "--admin-host", "0.0.0.0");
        assertThat(config.adminPort()).isEqualTo(9090);
        assertThat(config.adminHost()).isEqualTo("0.0.0.0");
        assertThat(parse("--admin-port", "none").adminPort()).isNull();
    }

    @Test
    void theTransportIsChosenByNameAndAnUnknownOneIsRefused() {
        assertThat(parse().transport()).isEqualTo(ServerConfig.DEFAULT_TRANSPORT).isEqualTo("auto");
        assertThat(parse("--transport", "nio").transport()).isEqualTo("nio");
        assertThatThrownBy(() -> parse("--transport", "kqueue")).hasMessageContaining("kqueue");
    }

    /** Runs the command line as main does; returns its exit code and what it wrote to stderr. */
    private static String[] run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine(new Main());
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
        CommandLine cli = Main.commandLine(new Main());
        cli.setOut(new PrintWriter(out));
        assertThat(cli.execute("--version")).isZero();
        assertThat(out.toString().strip())
                .isEqualTo("tictactoe-server " + BuildInfo.current().describe());
        assertThat(BuildInfo.current().version())
                .isNotEqualTo(BuildInfo.UNKNOWN)
                .endsWith("SNAPSHOT");
    }

    @Test
    void helpShowsDurationsAsPeopleWriteThem() {
        StringWriter out = new StringWriter();
        CommandLine cli = Main.commandLine(new Main());
        cli.setOut(new PrintWriter(out));
        cli.execute("--help");
        assertThat(out.toString()).contains("Default: 60s").doesNotContainPattern("PT[0-9]");
    }
}
