package dev.tictactoe.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;

class JournalFormatTest {

    @Test
    void aRecordReadsBackAsWrittenWhateverItsRoomCodeIsSpelledWith() throws Exception {
        for (String room : new String[] {"K7MQ2P", "sala-ñ", "部屋"}) {
            JournalRecord record =
                    new JournalRecord(room, RecordKind.MOVE, 42, new byte[] {1, 2, 3});
            ByteBuffer buf = ByteBuffer.allocateDirect(256);
            buf.put((byte) 9); // a record in the middle of a batch, as the writer makes them
            JournalFormat.encode(record, buf, new CRC32C());

            assertThat(buf.position() - 1).isEqualTo(JournalFormat.recordBytes(record));
            int length = buf.getInt(1);
            assertThat(length)
                    .isEqualTo(JournalFormat.bodyBytes(record))
                    .isEqualTo(1 + room.getBytes(StandardCharsets.UTF_8).length + 1 + 8 + 3);
            int limit = buf.limit();
            assertThat(JournalFormat.checksum(buf, 1, length, new CRC32C()))
                    .isEqualTo(buf.getInt(5));
            assertThat(buf.position() - 1).as("position kept").isEqualTo(length + 8);
            assertThat(buf.limit()).as("limit kept").isEqualTo(limit);

            ByteBuffer body = buf.duplicate().position(1 + JournalFormat.RECORD_OVERHEAD);
            body.limit(body.position() + length);
            JournalRecord read = JournalFormat.decodeBody(body, Path.of("segment"), 1);
            assertThat(read.room()).isEqualTo(room);
            assertThat(read.kind()).isEqualTo(RecordKind.MOVE);
            assertThat(read.version()).isEqualTo(42);
            assertThat(read.payload()).containsExactly(1, 2, 3);
        }
    }
}
