package dev.tictactoe.server.store;

import static dev.tictactoe.server.store.JournalTest.rec;
import static dev.tictactoe.server.store.JournalTest.reopen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

@Timeout(60)
class JournalRecoveryTest {

    @TempDir Path root;

    private static final List<JournalRecord> RECORDS =
            List.of(
                    rec("AB", RecordKind.CREATED, 0, "{\"size\":3}"),
                    rec("CD", RecordKind.CREATED, 0, "{}"),
                    rec("AB", RecordKind.MOVE, 1, "{\"cell\":4}"),
                    rec("AB", RecordKind.MOVE, 2, ""),
                    rec("CD", RecordKind.SEATED, 1, "{\"token\":\"t\"}"));

    static List<Path> segments(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> JournalFormat.seqOf(f) >= 0).sorted().toList();
        }
    }

    private Path write(String name, List<JournalRecord> records) throws Exception {
        Path dir = root.resolve(name);
        try (Journal journal =
                Journal.open(dir, JournalTest.options(DurabilityPolicy.NONE)).journal()) {
            records.forEach(journal::append);
        }
        return dir;
    }

    /** The offsets at which each record ends in a one-segment journal of {@link #RECORDS}. */
    private static List<Long> ends() {
        List<Long> ends = new ArrayList<>();
        long at = JournalFormat.HEADER_BYTES;
        for (JournalRecord r : RECORDS) {
            at += JournalFormat.recordBytes(r);
            ends.add(at);
        }
        return ends;
    }

    private static Map<String, List<JournalRecord>> grouped(List<JournalRecord> records) {
        Map<String, List<JournalRecord>> rooms = new java.util.LinkedHashMap<>();
        records.forEach(r -> rooms.computeIfAbsent(r.room(), k -> new ArrayList<>()).add(r));
        return rooms;
    }

    @Test
    void aTailCutAtAnyByteRecoversTheWholeRecordsBeforeItAndAppendsAfterThem() throws Exception {
        byte[] whole = Files.readAllBytes(segments(write("whole", RECORDS)).get(0));
        List<Long> ends = ends();
        assertThat(whole.length).isEqualTo(ends.get(ends.size() - 1).intValue());
        for (int cut = 0; cut < whole.length; cut++) {
            Path dir = root.resolve("cut" + cut);
            Files.createDirectories(dir);
            Files.write(JournalFormat.segment(dir, 1), java.util.Arrays.copyOf(whole, cut));
            int kept = 0;
            while (kept < ends.size() && ends.get(kept) <= cut) {
                kept++;
            }
            List<JournalRecord> before = RECORDS.subList(0, kept);
            JournalRecord after = rec("EF", RecordKind.CREATED, 0, "after " + cut);

            Journal.Opened opened = Journal.open(dir, JournalTest.options(DurabilityPolicy.NONE));
            assertThat(opened.rooms()).as("cut at %d", cut).isEqualTo(grouped(before));
            opened.journal().append(after);
            opened.journal().close();

            List<JournalRecord> expected = new ArrayList<>(before);
            expected.add(after);
            assertThat(reopen(dir)).as("cut at %d, appended", cut).isEqualTo(grouped(expected));
        }
    }

    @Test
    void aLastRecordOfAnyKindCutAtAnyByteIsDroppedWholeAndTheRoomKeptAsBefore() throws Exception {
        JournalRecord checkpoint = rec("AB", RecordKind.CHECKPOINT, 4, "{\"state\":4}");
        JournalRecord change = rec("AB", RecordKind.MOVE, 5, "\u0001\u0006move");
        for (RecordKind kind : RecordKind.values()) {
            JournalRecord last =
                    new JournalRecord(
                            "AB", kind, 6, ("payload of " + kind).getBytes(StandardCharsets.UTF_8));
            List<JournalRecord> records = List.of(checkpoint, change, last);
            byte[] whole = Files.readAllBytes(segments(write("whole-" + kind, records)).get(0));
            int lastStart = whole.length - JournalFormat.recordBytes(last);
            for (int cut = lastStart; cut <= whole.length; cut++) {
                Path dir = root.resolve("cut-" + kind + "-" + cut);
                Files.createDirectories(dir);
                Files.write(JournalFormat.segment(dir, 1), java.util.Arrays.copyOf(whole, cut));
                Map<String, List<JournalRecord>> expected =
                        cut < whole.length
                                ? Map.of("AB", List.of(checkpoint, change))
                                : kind == RecordKind.END
                                        ? Map.of()
                                        : kind == RecordKind.CHECKPOINT
                                                ? Map.of("AB", List.of(last))
                                                : Map.of("AB", List.of(checkpoint, change, last));
                assertThat(reopen(dir))
                        .as("%s cut at %d of %d", kind, cut, whole.length)
                        .isEqualTo(expected);
                assertThat(Files.size(JournalFormat.segment(dir, 1)))
                        .isEqualTo(cut < whole.length ? lastStart : cut);
            }
        }
    }

    @Test
    void aSegmentOfAnOlderFormatIsNeverAppendedTo() throws Exception {
        Path dir = write("older", RECORDS);
        Path first = segments(dir).get(0);
        byte[] bytes = Files.readAllBytes(first);
        ByteBuffer.wrap(bytes).putInt(4, 1);
        Files.write(first, bytes);
        Journal.Opened opened = Journal.open(dir, JournalTest.options(DurabilityPolicy.NONE));
        assertThat(opened.rooms()).isEqualTo(grouped(RECORDS));
        JournalRecord after = rec("AB", RecordKind.DROPPED, 3, "new");
        opened.journal().append(after);
        opened.journal().close();
        assertThat(segments(dir)).hasSize(2);
        assertThat(Files.readAllBytes(first)).isEqualTo(bytes);
        assertThat(ByteBuffer.wrap(Files.readAllBytes(segments(dir).get(1))).getInt(4))
                .isEqualTo(JournalFormat.VERSION);
        List<JournalRecord> expected = new ArrayList<>(RECORDS);
        expected.add(after);
        assertThat(reopen(dir)).isEqualTo(grouped(expected));
    }

    @Test
    void aFlippedByteInTheLastRecordCutsItOff() throws Exception {
        Path segment = segments(write("whole", RECORDS)).get(0);
        byte[] whole = Files.readAllBytes(segment);
        List<Long> ends = ends();
        int lastStart = ends.get(ends.size() - 2).intValue();
        for (int at = lastStart; at < whole.length; at++) {
            Path dir = root.resolve("flip" + at);
            Files.createDirectories(dir);
            byte[] bytes = whole.clone();
            bytes[at] ^= 0x10;
            Files.write(JournalFormat.segment(dir, 1), bytes);
            assertThat(reopen(dir))
                    .as("flip at %d", at)
                    .isEqualTo(grouped(RECORDS.subList(0, RECORDS.size() - 1)));
            assertThat(Files.size(JournalFormat.segment(dir, 1))).isEqualTo(lastStart);
        }
    }

    @Test
    void damageInAnOlderSegmentIsRefused() throws Exception {
        Path dir = root.resolve("rolled");
        try (Journal journal =
                Journal.open(dir, JournalTest.options(DurabilityPolicy.NONE).withSizes(40, 1 << 20))
                        .journal()) {
            for (JournalRecord r : RECORDS) {
                journal.append(r);
                journal.flush().get();
            }
        }
        List<Path> segments = segments(dir);
        assertThat(segments).hasSizeGreaterThan(2);
        Path first = segments.get(0);
        byte[] bytes = Files.readAllBytes(first);
        bytes[bytes.length - 1] ^= 1;
        Files.write(first, bytes);
        assertThatThrownBy(() -> reopen(dir))
                .isInstanceOf(JournalFormatException.class)
                .hasMessageContaining(first.toString())
                .hasMessageContaining("checksum mismatch");
    }

    @Test
    void aNewerFormatIsRefusedWithBothVersions() throws Exception {
        Path dir = write("newer", RECORDS);
        Path segment = segments(dir).get(0);
        byte[] bytes = Files.readAllBytes(segment);
        ByteBuffer.wrap(bytes).putInt(4, JournalFormat.VERSION + 1);
        Files.write(segment, bytes);
        assertThatThrownBy(() -> reopen(dir))
                .isInstanceOf(JournalFormatException.class)
                .hasMessageContaining(segment.toString())
                .hasMessageContaining("format version " + (JournalFormat.VERSION + 1))
                .hasMessageContaining("reads versions 1 to " + JournalFormat.VERSION)
                .hasMessageContaining("newer server");
        assertThat(Files.readAllBytes(segment)).isEqualTo(bytes); // refused, not repaired
    }

    @Test
    void aFileThatIsNotAJournalIsRefused() throws Exception {
        Path dir = root.resolve("foreign");
        Files.createDirectories(dir);
        Files.writeString(JournalFormat.segment(dir, 1), "hello, this is a text file");
        assertThatThrownBy(() -> reopen(dir))
                .isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("is not a journal segment");
    }

    @Test
    void aWholeRecordOfAnUnknownKindIsRefused() throws Exception {
        Path dir = write("kind", RECORDS.subList(0, 1));
        Path segment = segments(dir).get(0);
        byte[] bytes = Files.readAllBytes(segment);
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        int start = JournalFormat.HEADER_BYTES;
        int length = buf.getInt(start);
        int kindAt = start + JournalFormat.RECORD_OVERHEAD + 1 + "AB".length();
        bytes[kindAt] = (byte) 200;
        buf.putInt(start + 4, JournalFormat.checksum(buf, start, length, new CRC32C()));
        Files.write(segment, bytes);
        assertThatThrownBy(() -> reopen(dir))
                .isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("kind 200")
                .hasMessageContaining("newer server");
    }

    @Test
    void zeroesAfterTheLastRecordAreCutLikeATornWrite() throws Exception {
        Path dir = write("zeroes", RECORDS);
        Path segment = segments(dir).get(0);
        Files.write(segment, new byte[4096], java.nio.file.StandardOpenOption.APPEND);
        assertThat(reopen(dir)).isEqualTo(grouped(RECORDS));
        assertThat(Files.size(segment)).isEqualTo(ends().get(RECORDS.size() - 1));
    }
}
