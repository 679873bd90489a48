package dev.tictactoe.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.flags.Defaults;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every setting is one record component with its {@code DEFAULT_} constant and one flag: the flag's
 * default is the constant, its environment variable is read, and the README's table says so.
 */
class SettingsTest {

    /** A value other than the default for every flag, as a person would type it. */
    private static final Map<String, String> SAMPLES =
            Map.ofEntries(
                    Map.entry("--host", "127.0.0.2"),
                    Map.entry("--port", "9000"),
                    Map.entry("--worker-threads", "2"),
                    Map.entry("--transport", "nio"),
                    Map.entry("--max-connections", "500"),
                    Map.entry("--max-frame-bytes", "1024"),
                    Map.entry("--max-outbound-bytes", "100000"),
                    Map.entry("--messages-per-second", "5"),
                    Map.entry("--message-burst", "6"),
                    Map.entry("--abuse-strikes", "2"),
                    Map.entry("--idle-timeout", "90s"),
                    Map.entry("--ping-interval", "30s"),
                    Map.entry("--heartbeat-timeout", "20s"),
                    Map.entry("--request-timeout", "3s"),
                    Map.entry("--drain-timeout", "2s"),
                    Map.entry("--unknown-codes-per-second", "3"),
                    Map.entry("--unknown-code-burst", "4"),
                    Map.entry("--allowed-origins", "https://play.example,http://localhost:3000"),
                    Map.entry("--trusted-proxies", "10.0.0.0/8"),
                    Map.entry("--access-log", "true"),
                    Map.entry("--bench-endpoints", "true"),
                    Map.entry("--admin-port", "9090"),
                    Map.entry("--admin-host", "0.0.0.0"),
                    Map.entry("--max-rooms", "10"),
                    Map.entry("--max-members-per-room", "3"),
                    Map.entry("--max-name-length", "8"),
                    Map.entry("--seat-grace", "2m"),
                    Map.entry("--empty-room-ttl", "1m"),
                    Map.entry("--idle-claim", "2m"),
                    Map.entry("--diff-history", "4"),
                    Map.entry("--bot-threads", "2"),
                    Map.entry("--bot-queue", "5"),
                    Map.entry("--bot-budget", "500ms"),
                    Map.entry("--bot-seed", "7"),
                    Map.entry("--bot-nodes", "2000"),
                    Map.entry("--data-dir", "/var/lib/ttt"),
                    Map.entry("--durability", "fsync"),
                    Map.entry("--game-retention", "24h"),
                    Map.entry("--match-wait", "45s"),
                    Map.entry("--match-max-waiting", "50"),
                    Map.entry("--node", "K"),
                    Map.entry("--redis", "redis://127.0.0.1:6390"),
                    Map.entry("--log-format", "json"));

    private static Main parse(Map<String, String> env, String... args) {
        Main main = new Main();
        Main.commandLine(main, env).parseArgs(args);
        return main;
    }

    /** The options of the command, but for --help and --version. */
    private static List<OptionSpec> settings() {
        return Main.commandLine(new Main(), Map.of()).getCommandSpec().options().stream()
                .filter(o -> !o.usageHelp() && !o.versionHelp())
                .toList();
    }

    private static String[] given(OptionSpec option, String value) {
        return option.arity().max() == 0
                ? new String[] {option.longestName()}
                : new String[] {option.longestName() + "=" + value};
    }

    @Test
    void everySettingHasOneFlagAndEveryFlagDefaultsToItsConstant() throws Exception {
        ServerConfig config = parse(Map.of()).config();
        TreeSet<String> components = new TreeSet<>();
        for (RecordComponent part : ServerConfig.class.getRecordComponents()) {
            Record settings = (Record) part.getAccessor().invoke(config);
            for (RecordComponent setting : settings.getClass().getRecordComponents()) {
                components.add(setting.getName());
                String constant =
                        "DEFAULT_"
                                + setting.getName()
                                        .replaceAll("([A-Z])", "_$1")
                                        .toUpperCase(Locale.ROOT);
                assertThat(setting.getAccessor().invoke(settings))
                        .as(settings.getClass().getSimpleName() + "." + setting.getName())
                        .isEqualTo(settings.getClass().getField(constant).get(null));
            }
        }
        TreeSet<String> flags = new TreeSet<>();
        for (OptionSpec option : settings()) {
            if (!option.longestName().equals("--log-format")) {
                flags.add(((java.lang.reflect.Field) option.userObject()).getName());
            }
        }
        assertThat(flags).isEqualTo(components);
        assertThat(parse(Map.of()).logFormat).isEqualTo(Main.DEFAULT_LOG_FORMAT);
    }

    @Test
    void everyFlagReadsItsEnvironmentVariableAndTheFlagWins() {
        ServerConfig defaults = parse(Map.of()).config();
        for (OptionSpec option : settings()) {
            String env = Defaults.envName(option);
            assertThat(String.join(" ", option.description()))
                    .as(option.longestName())
                    .contains("(env " + env + ")");
            String sample = SAMPLES.get(option.longestName());
            assertThat(sample).as("a sample value of " + option.longestName()).isNotNull();
            Main fromEnv = parse(Map.of(env, sample));
            Main fromFlag = parse(Map.of(), given(option, sample));
            if (option.longestName().equals("--log-format")) {
                assertThat(fromEnv.logFormat)
                        .isEqualTo(fromFlag.logFormat)
                        .isNotEqualTo(Main.DEFAULT_LOG_FORMAT);
                continue;
            }
            assertThat(fromEnv.config())
                    .as(env)
                    .isEqualTo(fromFlag.config())
                    .isNotEqualTo(defaults);
        }
        // A flag wins over the environment.
        Main both = parse(Map.of("TTT_PORT", "9000"), "--port=9001");
        assertThat(both.config().net().port()).isEqualTo(9001);
    }

    @Test
    void helpShowsDefaultsAsPeopleWriteThem() {
        StringWriter out = new StringWriter();
        CommandLine cli = Main.commandLine(new Main(), Map.of());
        cli.setOut(new PrintWriter(out));
        cli.execute("--help");
        String help = out.toString().replaceAll("\\s+", " ");
        assertThat(help)
                .contains("(env TTT_IDLE_TIMEOUT). Default: 60s")
                .contains("(env TTT_BOT_BUDGET). Default: 200ms")
                .contains("(env TTT_EMPTY_ROOM_TTL). Default: 5m")
                .contains("(env TTT_GAME_RETENTION). Default: 168h")
                .contains("(env TTT_BOT_SEED). Default: none")
                .contains("(env TTT_LOG_FORMAT). Default: text")
                .doesNotContainPattern("PT[0-9]");
    }

    @Test
    void aBadEnvironmentValueIsOneLineNamingTheFlagAndItsVariableThenExitTwo() {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine(new Main(), Map.of("TTT_IDLE_TIMEOUT", "soon"));
        cli.setErr(new PrintWriter(err));
        cli.setOut(new PrintWriter(new StringWriter()));
        assertThat(cli.execute()).isEqualTo(FlagErrors.EXIT);
        assertThat(err.toString().lines().toList())
                .singleElement()
                .asString()
                .startsWith(
                        "tictactoe-server: Invalid value for option '--idle-timeout' (env"
                                + " TTT_IDLE_TIMEOUT)")
                .contains("\"soon\" is not a duration");
    }

    /** {@code | `--flag` | `TTT_FLAG` | `default` | what |}: a default in backticks is exact. */
    private static final Pattern ROW =
            Pattern.compile(
                    "^\\| `(--[a-z-]+)` \\| `(TTT_[A-Z_]+)` \\| ([^|]+?) \\|", Pattern.MULTILINE);

    @Test
    void theReadmeTableNamesEveryFlagWithItsVariableAndDefault() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String table = readme.substring(readme.indexOf("## Server settings"));
        table = table.substring(0, table.indexOf("\n## ", 1));
        Defaults defaults = new Defaults(Map.of(), Main.class);
        Map<String, OptionSpec> options = new TreeMap<>();
        settings().forEach(o -> options.put(o.longestName(), o));
        Matcher row = ROW.matcher(table);
        int rows = 0;
        while (row.find()) {
            rows++;
            OptionSpec option = options.get(row.group(1));
            assertThat(option).as(row.group(1)).isNotNull();
            assertThat(row.group(2)).isEqualTo(Defaults.envName(option));
            String written = row.group(3).strip();
            String actual = defaults.defaultValue(option);
            if (written.startsWith("`")) {
                assertThat(written).startsWith("`" + actual + "`");
            } else {
                assertThat(actual).as(row.group(1)).isIn("none", "");
                assertThat(written).isIn("none", "empty");
            }
        }
        assertThat(rows).isGreaterThan(40);
        for (String flag : options.keySet()) {
            assertThat(table).as(flag).contains("`" + flag + "`");
        }
    }
}
