package dev.tictactoe.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest {

    private static ServerConfig parse(String... args) {
        Main main = new Main();
        CommandLine cli = new CommandLine(main);
        cli.registerConverter(Duration.class, Main::parseDuration);
        cli.parseArgs(args);
        return main.config();
    }

    @Test
    void noFlagsGiveTheNamedDefaults() {
        ServerConfig config = parse();
        assertThat(config).isEqualTo(ServerConfig.defaults());
        assertThat(config.port()).isEqualTo(ServerConfig.DEFAULT_PORT);
        assertThat(config.maxFrameBytes()).isEqualTo(64 * 1024);
        assertThat(config.seatGrace()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void flagsOverrideDefaultsAndDurationsReadNaturally() {
        ServerConfig config = parse("--port", "9000", "--idle-timeout", "90s", "--seat-grace", "PT2M",
                "--bot-budget", "500ms", "--max-rooms", "10");
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
}
