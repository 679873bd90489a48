package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.ServerAddress;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

class SeatTokensTest {
    private static final ServerAddress LOCAL = ServerAddress.parse("http://127.0.0.1:8080");
    private static final ServerAddress OTHER = ServerAddress.parse("http://127.0.0.1:9090");

    @TempDir Path temp;

    @Test
    void keepsOneTokenPerServerAndRoomReadableByTheUserOnly() throws Exception {
        Path dir = temp.resolve("state").resolve("ttt");
        SeatTokens tokens = new SeatTokens(dir);
        assertThat(tokens.load(LOCAL, "K7MQ2P")).isNull();
        tokens.save(LOCAL, "K7MQ2P", "tok-1");
        tokens.save(OTHER, "K7MQ2P", "tok-2");
        assertThat(tokens.load(LOCAL, "k7mq2p")).isEqualTo("tok-1");
        assertThat(tokens.load(OTHER, "K7MQ2P")).isEqualTo("tok-2");
        assertThat(tokens.load(LOCAL, "ABC234")).isNull();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
                .isEqualTo("rwx------");
        assertThat(
                        PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(tokens.file(LOCAL, "K7MQ2P"))))
                .isEqualTo("rw-------");
        tokens.forget(LOCAL, "K7MQ2P");
        assertThat(tokens.load(LOCAL, "K7MQ2P")).isNull();
        assertThat(tokens.load(OTHER, "K7MQ2P")).isEqualTo("tok-2");
    }

    @Test
    void ignoresWhatIsNoToken() throws Exception {
        SeatTokens tokens = new SeatTokens(temp);
        Files.writeString(
                tokens.file(LOCAL, "K7MQ2P"), "x".repeat(SeatTokens.MAX_TOKEN_LENGTH + 1));
        assertThat(tokens.load(LOCAL, "K7MQ2P")).isNull();
        Files.writeString(tokens.file(LOCAL, "K7MQ2P"), "  \n");
        assertThat(tokens.load(LOCAL, "K7MQ2P")).isNull();
    }

    @Test
    void theDirectoryComesFromTheEnvironment() {
        assertThat(
                        SeatTokens.fromEnvironment(
                                        Map.of(
                                                SeatTokens.DIR_ENV,
                                                "/tmp/a",
                                                "XDG_STATE_HOME",
                                                "/x"))
                                .file(LOCAL, "K7MQ2P")
                                .getParent())
                .isEqualTo(Path.of("/tmp/a"));
        assertThat(
                        SeatTokens.fromEnvironment(Map.of("XDG_STATE_HOME", "/x"))
                                .file(LOCAL, "K7MQ2P")
                                .getParent())
                .isEqualTo(Path.of("/x/ttt"));
        assertThat(SeatTokens.fromEnvironment(Map.of()).file(LOCAL, "K7MQ2P").getParent())
                .isEqualTo(Path.of(System.getProperty("user.home"), ".local", "state", "ttt"));
    }

    @Test
    void oneRunningClientAtATimeClaimsARoom() {
        SeatTokens first = new SeatTokens(temp);
        SeatTokens second = new SeatTokens(temp);
        assertThat(first.claim(LOCAL, "K7MQ2P")).isTrue();
        assertThat(second.claim(LOCAL, "K7MQ2P")).isFalse();
        assertThat(second.claim(LOCAL, "ABC234")).isTrue();
        first.release();
        assertThat(second.claim(LOCAL, "K7MQ2P")).isTrue();
        second.release();
    }

    @Test
    void keepsOnePlayerIdForQuickMatchMadeOnFirstUse() throws Exception {
        Path dir = temp.resolve("state").resolve("ttt");
        SeatTokens tokens = new SeatTokens(dir);
        String first = tokens.playerId(() -> "Hq8kR2vX0bWm5tYz9cLp1A");
        assertThat(first).isEqualTo("Hq8kR2vX0bWm5tYz9cLp1A");
        assertThat(tokens.playerId(() -> "another")).as("kept, not made again").isEqualTo(first);
        assertThat(new SeatTokens(dir).playerId(() -> "another"))
                .as("a later run")
                .isEqualTo(first);
        Path file = dir.resolve(SeatTokens.PLAYER_FILE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        // Something that is no player id is replaced.
        Files.writeString(file, "not an id!\n");
        assertThat(tokens.playerId(() -> "fresh-id")).isEqualTo("fresh-id");
        assertThat(Files.readString(file).strip()).isEqualTo("fresh-id");
    }
}
