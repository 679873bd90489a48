package dev.tictactoe.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

@Timeout(60)
class StoreTest {

    @TempDir Path dir;

    @Test
    void aDataDirectoryNeedsNoSetUpAndKeepsRoomsAndGamesAcrossARestart() throws Exception {
        Path data = dir.resolve("data");
        try (Store store =
                Store.open(
                        data,
                        Journal.Options.defaults(),
                        GameArchive.DEFAULT_RETENTION,
                        code -> false)) {
            assertThat(store.recovered()).isEmpty();
            store.journal().append(JournalTest.rec("ABC123", RecordKind.CREATED, 0, "{}"));
            store.games()
                    .store("ABC123", 1, "{\"game\":1}".getBytes(StandardCharsets.UTF_8))
                    .get(10, TimeUnit.SECONDS);
            assertThat(store.healthy()).isTrue();
            assertThat(store.problem()).isNull();
        }
        assertThat(data.resolve("journal")).isDirectory();
        assertThat(Files.getPosixFilePermissions(data))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        assertThat(data.resolve("games").resolve("ABC123").resolve(GameArchive.LOG))
                .isRegularFile();
        try (Store store =
                Store.open(
                        data,
                        Journal.Options.defaults(),
                        GameArchive.DEFAULT_RETENTION,
                        code -> false)) {
            assertThat(store.recovered()).containsOnlyKeys("ABC123");
            assertThat(store.games().list("ABC123").get(10, TimeUnit.SECONDS)).containsExactly(1);
        }
        assertThat(Store.DEFAULT_DATA_DIR).isEqualTo(Path.of("data"));
    }
}
