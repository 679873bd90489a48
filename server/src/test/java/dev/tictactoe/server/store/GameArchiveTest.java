package dev.tictactoe.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

class GameArchiveTest {

    @TempDir Path dir;

    /** A clock the test moves by hand. */
    static final class ManualClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    private final ManualClock clock = new ManualClock();

    private static byte[] json(int game) {
        return ("{\"game\":" + game + "}").getBytes(StandardCharsets.UTF_8);
    }

    private GameArchive archive() throws Exception {
        return new GameArchive(
                dir,
                GameArchive.DEFAULT_RETENTION,
                GameArchive.DEFAULT_MAX_GAMES_PER_ROOM,
                clock,
                false);
    }

    @Test
    void writtenGamesListAndReadBack() throws Exception {
        GameArchive archive = archive();
        for (int game : new int[] {3, 1, 10, 2}) {
            archive.write("ABC123", game, json(game));
        }
        assertThat(archive.list("ABC123")).containsExactly(1, 2, 3, 10);
        assertThat(archive.read("ABC123", 10))
                .hasValueSatisfying(b -> assertThat(b).isEqualTo(json(10)));
        assertThat(archive.read("ABC123", 4)).isEmpty();
        assertThat(archive.list("ZZZZZZ")).isEmpty();
        assertThat(archive.healthy()).isTrue();
        try (var files = Files.list(dir.resolve("ABC123"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("games.log");
        }
        archive.forceAll();
        archive.roomClosed("ABC123");
        assertThat(archive.list("ABC123")).containsExactly(1, 2, 3, 10);
    }

    @Test
    void eachGameIsForcedOnItsOwnWhenAskedTo() throws Exception {
        GameArchive archive = new GameArchive(dir, GameArchive.DEFAULT_RETENTION, 10, clock, true);
        archive.write("ABC123", 1, json(1));
        archive.write("ABC123", 2, json(2));
        assertThat(archive.latest("ABC123", 1)).containsExactly(json(2));
        assertThat(archive.latest("ABC123", 5)).containsExactly(json(1), json(2));
    }

    @Test
    void aLineAPowerLossCutShortIsSkippedAndCutOffByTheNextGame() throws Exception {
        GameArchive archive = archive();
        archive.write("ABC123", 1, json(1));
        archive.write("ABC123", 2, json(2));
        Path log = dir.resolve("ABC123").resolve(GameArchive.LOG);
        Files.write(log, "3 {\"gam".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
        assertThat(archive.list("ABC123")).containsExactly(1, 2);

        archive.write("ABC123", 3, json(3));
        assertThat(archive.list("ABC123")).containsExactly(1, 2, 3);
        assertThat(archive.read("ABC123", 3)).hasValue(json(3));
        assertThat(Files.readAllLines(log))
                .containsExactly("1 " + text(1), "2 " + text(2), "3 " + text(3));

        // A file that is all fragment starts again from nothing.
        Path other = Files.createDirectories(dir.resolve("XYZ789")).resolve(GameArchive.LOG);
        Files.write(other, "7 {".getBytes(StandardCharsets.UTF_8));
        archive.write("XYZ789", 8, json(8));
        assertThat(archive.list("XYZ789")).containsExactly(8);
    }

    @Test
    void gamesStoredAFileEachByAnEarlierVersionStillRead() throws Exception {
        Path room = Files.createDirectories(dir.resolve("OLD123"));
        Files.write(room.resolve("1.json"), json(1));
        Files.write(room.resolve("2.json"), json(2));
        GameArchive archive = archive();
        assertThat(archive.list("OLD123")).containsExactly(1, 2);
        archive.write("OLD123", 2, "{\"game\":2,\"again\":true}".getBytes(StandardCharsets.UTF_8));
        archive.write("OLD123", 3, json(3));
        assertThat(archive.list("OLD123")).containsExactly(1, 2, 3);
        assertThat(archive.read("OLD123", 1)).hasValue(json(1));
        assertThat(new String(archive.read("OLD123", 2).orElseThrow(), StandardCharsets.UTF_8))
                .contains("again");
    }

    @Test
    void aDocumentIsOneLine() throws Exception {
        GameArchive archive = archive();
        assertThatThrownBy(
                        () -> archive.write("ABC123", 1, "{\n}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(archive.list("ABC123")).isEmpty();
    }

    private static String text(int game) {
        return new String(json(game), StandardCharsets.UTF_8);
    }

    @Test
    void aRewriteReplacesTheDocumentWhole() throws Exception {
        GameArchive archive = archive();
        archive.write("ABC123", 1, json(1));
        archive.write("ABC123", 1, "{\"game\":1,\"again\":true}".getBytes(StandardCharsets.UTF_8));
        assertThat(new String(archive.read("ABC123", 1).orElseThrow(), StandardCharsets.UTF_8))
                .contains("again");
    }

    @Test
    void codesThatCouldNameAPathAreNotFiles() throws Exception {
        GameArchive archive = archive();
        assertThat(archive.list("../etc")).isEmpty();
        assertThat(archive.read("..", 1)).isEmpty();
        assertThatThrownBy(() -> archive.write("a/b", 1, json(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void roomsFilesStayOpenBetweenGamesUpToALimit() throws Exception {
        GameArchive archive = archive();
        int rooms = GameArchive.MAX_OPEN_FILES + 10;
        for (int r = 0; r < rooms; r++) {
            archive.write("ROOM" + r, 1, json(1));
        }
        assertThat(archive.openFiles()).isEqualTo(GameArchive.MAX_OPEN_FILES);
        // The room whose file was closed first opens it again and appends after its game.
        archive.write("ROOM0", 2, json(2));
        for (int r = 0; r < rooms; r++) {
            assertThat(archive.list("ROOM" + r)).startsWith(1);
        }
        assertThat(archive.list("ROOM0")).containsExactly(1, 2);
        archive.roomClosed("ROOM0");
        archive.forceAll();
        assertThat(archive.openFiles()).isZero();
        assertThat(GameArchive.MAX_OPEN_FILES).isEqualTo(1_024);
    }

    @Test
    void aGoneRoomIsPrunedOnlyAfterTheRetention() throws Exception {
        GameArchive archive = archive();
        archive.write("GONE01", 1, json(1));
        archive.write("LIVE01", 1, json(1));
        clock.now = clock.now.plus(Duration.ofDays(3));
        archive.roomClosed("GONE01");

        clock.now = clock.now.plus(Duration.ofDays(6));
        assertThat(archive.prune(Set.of("LIVE01")::contains)).isZero();
        assertThat(archive.list("GONE01")).containsExactly(1);

        clock.now = clock.now.plus(Duration.ofDays(1).plusSeconds(1));
        assertThat(archive.prune(Set.of("LIVE01")::contains)).isEqualTo(1);
        assertThat(archive.list("GONE01")).isEmpty();
        assertThat(dir.resolve("GONE01")).doesNotExist();
        assertThat(archive.list("LIVE01")).containsExactly(1); // live rooms keep their games
        assertThat(GameArchive.DEFAULT_RETENTION).isEqualTo(Duration.ofDays(7));
    }

    @Test
    void aClosedRoomsFileHasTheArchiveClocksTimeOfItsLastGame() throws Exception {
        GameArchive archive = archive();
        archive.write("ABC123", 1, json(1));
        clock.now = clock.now.plus(Duration.ofDays(1));
        Instant last = clock.now;
        archive.write("ABC123", 2, json(2));
        clock.now = clock.now.plus(Duration.ofHours(5));
        archive.roomClosed("ABC123");
        assertThat(Files.getLastModifiedTime(dir.resolve("ABC123").resolve(GameArchive.LOG)))
                .isEqualTo(FileTime.from(last));
    }

    @Test
    void aRoomKeepsItsNewestGamesUpToTheLimit() throws Exception {
        GameArchive archive = new GameArchive(dir, GameArchive.DEFAULT_RETENTION, 3, clock, false);
        for (int game = 1; game <= 5; game++) {
            archive.write("ABC123", game, json(game));
        }
        assertThat(archive.list("ABC123")).containsExactly(3, 4, 5);
        assertThat(archive.read("ABC123", 2)).isEmpty();
        assertThat(GameArchive.DEFAULT_MAX_GAMES_PER_ROOM).isEqualTo(1_000);

        // The file itself is rewritten every hundred games past the limit, not after each one.
        for (int game = 6; game <= 250; game++) {
            archive.write("ABC123", game, json(game));
        }
        assertThat(archive.list("ABC123")).containsExactly(248, 249, 250);
        Path log = dir.resolve("ABC123").resolve(GameArchive.LOG);
        assertThat(Files.readAllLines(log)).hasSize(3 + 50).startsWith("198 " + text(198));
    }

    @Test
    void aRoomsGamesWrittenTogetherAreStoredInOrderAndTrimmedWhenTheyCrossTheLimit()
            throws Exception {
        GameArchive archive = new GameArchive(dir, GameArchive.DEFAULT_RETENTION, 3, clock, false);
        archive.write("ABC123", games(1, 4));
        Path log = dir.resolve("ABC123").resolve(GameArchive.LOG);
        assertThat(Files.readAllLines(log))
                .containsExactly("1 " + text(1), "2 " + text(2), "3 " + text(3), "4 " + text(4));

        // Games 98..103 take in game 100, where the file is rewritten with the newest three.
        archive.write("ABC123", games(5, 97));
        archive.write("ABC123", games(98, 103));
        assertThat(archive.list("ABC123")).containsExactly(101, 102, 103);
        assertThat(Files.readAllLines(log)).hasSize(3).startsWith("101 " + text(101));

        // A document that is not one line refuses the whole batch before anything is written.
        List<GameArchive.StoredGame> torn =
                List.of(
                        new GameArchive.StoredGame(104, json(104)),
                        new GameArchive.StoredGame(105, "{\n}".getBytes(StandardCharsets.UTF_8)));
        assertThatThrownBy(() -> archive.write("ABC123", torn))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(archive.list("ABC123")).containsExactly(101, 102, 103);
    }

    private static List<GameArchive.StoredGame> games(int first, int last) {
        return IntStream.rangeClosed(first, last)
                .mapToObj(game -> new GameArchive.StoredGame(game, json(game)))
                .toList();
    }

    @Test
    void aRoomPastALargeLimitRewritesItsFileOncePerLimitsWorthOfGames() throws Exception {
        GameArchive archive =
                new GameArchive(dir, GameArchive.DEFAULT_RETENTION, 300, clock, false);
        for (int game = 1; game <= 899; game++) {
            archive.write("ABC123", game, json(game));
        }
        Path log = dir.resolve("ABC123").resolve(GameArchive.LOG);
        // Rewritten at game 600 only (not at 400 or 500), keeping the newest 300.
        assertThat(Files.readAllLines(log)).hasSize(300 + 299).startsWith("301 " + text(301));
        assertThat(archive.list("ABC123")).hasSize(300).startsWith(600).endsWith(899);
    }

    @Test
    void pruningDeletesTemporaryFilesAndAFailedWriteIsReported() throws Exception {
        GameArchive archive = archive();
        archive.write("ABC123", 1, json(1));
        Files.write(dir.resolve("ABC123").resolve("games.log.tmp"), new byte[] {1});
        archive.prune(code -> true);
        assertThat(archive.list("ABC123")).containsExactly(1);
        assertThat(dir.resolve("ABC123").resolve("games.log.tmp")).doesNotExist();

        Files.writeString(dir.resolve("FILE01"), "a file where the room's directory should be");
        assertThatThrownBy(() -> archive.write("FILE01", 1, json(1)))
                .isInstanceOf(java.io.IOException.class);
        assertThat(archive.healthy()).isFalse();
        assertThat(archive.lastError()).contains("FILE01");
        archive.write("ABC123", 2, json(2));
        assertThat(archive.healthy()).isTrue();
    }
}
