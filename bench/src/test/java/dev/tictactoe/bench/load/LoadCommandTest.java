package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

class LoadCommandTest {

    private static LoadSettings settings(String... args) {
        LoadCommand command = new LoadCommand();
        new CommandLine(command).parseArgs(args);
        return command.settings();
    }

    @Test
    void defaultsAreBounded() {
        LoadSettings s = settings();
        assertThat(s.target()).isEqualTo(new Target("127.0.0.1", 8080));
        assertThat(s.rooms()).isEqualTo(10);
        assertThat(s.duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.warmup()).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.think()).isZero();
        assertThat(s.moves()).isZero();
        assertThat(s.capacityMode()).isFalse();
        assertThat(s.relay()).isFalse();
        assertThat(s.winLength()).isEqualTo(3);
    }

    @Test
    void readsEveryOption() {
        LoadSettings s =
                settings(
                        "--server",
                        "http://localhost:9090",
                        "--relay",
                        "--rooms",
                        "1000",
                        "--duration",
                        "2m",
                        "--warmup",
                        "500ms",
                        "--think",
                        "500",
                        "--moves",
                        "20000",
                        "--threads",
                        "2",
                        "--size",
                        "15",
                        "--k",
                        "5",
                        "--seed",
                        "42",
                        "--label",
                        "steady");
        assertThat(s.target()).isEqualTo(new Target("localhost", 9090));
        assertThat(s.relay()).isTrue();
        assertThat(s.rooms()).isEqualTo(1000);
        assertThat(s.duration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.warmup()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.think()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.moves()).isEqualTo(20_000);
        assertThat(s.threads()).isEqualTo(2);
        assertThat(s.size()).isEqualTo(15);
        assertThat(s.winLength()).isEqualTo(5);
        assertThat(s.seed()).isEqualTo(42);
        assertThat(s.label()).isEqualTo("steady");
        assertThat(s.connections()).isEqualTo(2000);
    }

    @Test
    void capacityModeCountsConnections() {
        LoadSettings s = settings("--capacity", "19000");
        assertThat(s.capacityMode()).isTrue();
        assertThat(s.connections()).isEqualTo(19_000);
    }

    @Test
    void refusesRemoteTargetsWithoutTheFlag() {
        assertThatThrownBy(() -> settings("--server", "http://10.1.2.3:8080"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("refusing to load 10.1.2.3")
                .hasMessageContaining("--allow-remote");
        assertThatThrownBy(() -> settings("--server", "game.example.com:8080"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("not a loopback address");
        assertThat(settings("--server", "http://10.1.2.3:8080", "--allow-remote").target().host())
                .isEqualTo("10.1.2.3");
    }

    @Test
    void requiresBounds() {
        assertThatThrownBy(() -> settings("--duration", "0s"))
                .hasMessageContaining("--duration must be a positive duration");
        assertThatThrownBy(() -> settings("--duration", "2h"))
                .hasMessageContaining("--duration must be at most");
        assertThatThrownBy(() -> settings("--rooms", "0"))
                .hasMessageContaining("--rooms must be 1 to 100000, was 0");
        assertThatThrownBy(() -> settings("--rooms", "100001"))
                .hasMessageContaining("--rooms must be 1 to 100000");
        assertThatThrownBy(() -> settings("--capacity", "2000000"))
                .hasMessageContaining("--capacity must be 2 to 1000000");
        assertThatThrownBy(() -> settings("--moves", "0"))
                .hasMessageContaining("--moves must be positive");
    }

    @Test
    void rejectsBadValues() {
        assertThatThrownBy(() -> settings("--duration", "soon"))
                .hasMessageContaining("--duration: \"soon\" is not a duration");
        assertThatThrownBy(() -> settings("--warmup", "-1s"))
                .hasMessageContaining("--warmup: \"-1s\" is not a duration");
        assertThatThrownBy(() -> settings("--think", "-5"))
                .hasMessageContaining("--think must be zero or more");
        assertThatThrownBy(() -> settings("--capacity", "19001"))
                .hasMessageContaining("--capacity must be even");
        assertThatThrownBy(() -> settings("--size", "2"))
                .hasMessageContaining("--size must be 3 to 19");
        assertThatThrownBy(() -> settings("--size", "3", "--k", "4"))
                .hasMessageContaining("--k must be 3 to 3");
        assertThatThrownBy(() -> settings("--threads", "0"))
                .hasMessageContaining("--threads must be 1 to 256");
        assertThatThrownBy(() -> settings("--server", "https://127.0.0.1"))
                .hasMessageContaining("plain http:// or ws://");
    }

    @Test
    void aBadOptionIsAUsageErrorWithoutAnyConnection() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new LoadCommand());
        cli.setErr(new PrintWriter(err));
        int code = cli.execute("--server", "http://192.168.1.10:8080");
        assertThat(code).isNotZero();
        assertThat(err.toString()).contains("refusing to load 192.168.1.10");
    }

    @Test
    void durationsReadCommonForms() {
        assertThat(LoadCommand.parseDuration("--duration", "30")).isEqualTo(Duration.ofSeconds(30));
        assertThat(LoadCommand.parseDuration("--duration", "1.5s"))
                .isEqualTo(Duration.ofMillis(1500));
        assertThat(LoadCommand.parseDuration("--duration", "PT20S"))
                .isEqualTo(Duration.ofSeconds(20));
        assertThat(LoadCommand.parseDuration("--duration", "1h")).isEqualTo(Duration.ofHours(1));
    }
}
