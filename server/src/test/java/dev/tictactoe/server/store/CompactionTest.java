package dev.tictactoe.server.store;

import static dev.tictactoe.server.store.JournalTest.options;
import static dev.tictactoe.server.store.JournalTest.rec;
import static dev.tictactoe.server.store.JournalTest.reopen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

@Timeout(60)
class CompactionTest {

    @TempDir Path dir;

    private static final JournalRecord A0 = rec("AAAAAA", RecordKind.CREATED, 0, "a0");
    private static final JournalRecord A1 = rec("AAAAAA", RecordKind.MOVE, 1, "a1");
    private static final JournalRecord A2 = rec("AAAAAA", RecordKind.CHECKPOINT, 2, "a-state");
    private static final JournalRecord A3 = rec("AAAAAA", RecordKind.MOVE, 3, "a3");
    private static final JournalRecord B0 = rec("BBBBBB", RecordKind.CREATED, 0, "b0");
    private static final JournalRecord C0 = rec("CCCCCC", RecordKind.CREATED, 0, "c0");
    private static final JournalRecord C1 = rec("CCCCCC", RecordKind.SEATED, 1, "c1");

    private static final Map<String, List<JournalRecord>> LIVE =
            Map.of("AAAAAA", List.of(A2, A3), "CCCCCC", List.of(C0, C1));

    private void writeThreeRooms(Journal journal) {
        for (JournalRecord r : List.of(A0, B0, A1, C0, A2, C1, A3)) {
            journal.append(r);
        }
        journal.closeRoom("BBBBBB", 1);
    }

    @Test
    void compactionKeepsLiveRoomsFromTheirLatestCheckpointInOneSegment() throws Exception {
        try (Journal journal =
                Journal.open(dir, options(DurabilityPolicy.NONE).withSizes(64, 1 << 20))
                        .journal()) {
            writeThreeRooms(journal);
            journal.flush().get(10, TimeUnit.SECONDS);
            assertThat(JournalRecoveryTest.segments(dir)).hasSizeGreaterThan(1);
            journal.compact().get(10, TimeUnit.SECONDS);
            assertThat(JournalRecoveryTest.segments(dir)).hasSize(1);
            journal.append(rec("CCCCCC", RecordKind.MOVE, 2, "c2"));
        }
        Path only = JournalRecoveryTest.segments(dir).get(0);
        assertThat(SegmentReader.compacted(only)).isTrue();
        Map<String, List<JournalRecord>> rooms = reopen(dir);
        assertThat(rooms).containsOnlyKeys("AAAAAA", "CCCCCC");
        assertThat(rooms.get("AAAAAA")).containsExactly(A2, A3);
        assertThat(rooms.get("CCCCCC"))
                .containsExactly(C0, C1, rec("CCCCCC", RecordKind.MOVE, 2, "c2"));
    }

    @Test
    void theJournalStaysBoundedWhileRoomsComeAndGo() throws Exception {
        long compactAt = 8 * 1024;
        long largest = 0;
        try (Journal journal =
                Journal.open(dir, options(DurabilityPolicy.NONE).withSizes(1024, compactAt))
                        .journal()) {
            writeThreeRooms(journal);
            for (int room = 0; room < 500; room++) {
                String code = String.format("R%05d", room);
                journal.append(rec(code, RecordKind.CREATED, 0, "{\"size\":3}"));
                for (int move = 1; move <= 5; move++) {
                    journal.append(rec(code, RecordKind.MOVE, move, "{\"cell\":" + move + "}"));
                }
                journal.closeRoom(code, 6);
                journal.flush().get(10, TimeUnit.SECONDS);
                largest = Math.max(largest, directorySize());
            }
        }
        // The writer compacts once the segments pass the threshold, so they never grow far past it.
        assertThat(largest).isLessThan(compactAt + 2 * 1024);
        assertThat(reopen(dir)).isEqualTo(LIVE);
        assertThat(Journal.Options.DEFAULT_COMPACT_BYTES).isEqualTo(64L << 20);
    }

    @Test
    void segmentsLeftByACrashAfterTheRenameAreDropped() throws Exception {
        Path saved = dir.resolveSibling(dir.getFileName() + "-saved");
        try (Journal journal = Journal.open(dir, options(DurabilityPolicy.NONE)).journal()) {
            writeThreeRooms(journal);
            journal.flush().get(10, TimeUnit.SECONDS);
            Files.createDirectories(saved);
            for (Path p : JournalRecoveryTest.segments(dir)) {
                Files.copy(p, saved.resolve(p.getFileName()));
            }
            journal.compact().get(10, TimeUnit.SECONDS);
        }
        // As if the process died between the rename and the deletes, and mid-way through the next
        // one.
        for (Path p : JournalRecoveryTest.segments(saved)) {
            Files.copy(p, dir.resolve(p.getFileName()));
        }
        Files.write(dir.resolve("000000000009" + JournalFormat.TEMP_SUFFIX), new byte[] {1, 2, 3});
        assertThat(reopen(dir)).isEqualTo(LIVE);
        assertThat(JournalRecoveryTest.segments(dir)).hasSize(1);
        try (var files = Files.list(dir)) {
            assertThat(files.filter(f -> f.toString().endsWith(JournalFormat.TEMP_SUFFIX)))
                    .isEmpty();
        }
    }

    @Test
    void aFailedCompactionKeepsTheOldSegments() throws Exception {
        TestFiles files = new TestFiles();
        try (Journal journal = Journal.open(dir, options(DurabilityPolicy.NONE), files).journal()) {
            writeThreeRooms(journal);
            journal.flush().get(10, TimeUnit.SECONDS);
            files.diskFull = true;
            journal.compact().get(10, TimeUnit.SECONDS);
            files.diskFull = false;
            journal.append(rec("CCCCCC", RecordKind.MOVE, 2, "c2"));
        }
        assertThat(files.failures.get()).isPositive();
        assertThat(reopen(dir).get("CCCCCC"))
                .containsExactly(C0, C1, rec("CCCCCC", RecordKind.MOVE, 2, "c2"));
    }

    private long directorySize() throws Exception {
        long total = 0;
        for (Path p : JournalRecoveryTest.segments(dir)) {
            total += Files.size(p);
        }
        return total;
    }
}
