package dev.tictactoe.server.store;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** A commands row a commit, a line a command ({@code room version length record}). */
final class CommandLines {

    /** Where a room's commands start: rows from {@code since} on, above {@code version}. */
    record Since(long version, long since) {}

    private final ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);

    void add(String room, long version, byte[] record) {
        out.writeBytes(
                (room + ' ' + version + ' ' + record.length + ' ')
                        .getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(record);
        out.write('\n');
    }

    boolean isEmpty() {
        return out.size() == 0;
    }

    void clear() {
        out.reset();
    }

    /** The row's bytes; the lines start empty again. */
    byte[] take() {
        byte[] row = out.toByteArray();
        out.reset();
        return row;
    }

    /** The lines of a row, in the order written; a malformed row is an error, not a guess. */
    static List<Store.Command> read(byte[] row) throws SQLException {
        List<Store.Command> lines = new ArrayList<>();
        int at = 0;
        while (at < row.length) {
            String[] head = new String[3];
            int from = at;
            for (int i = 0; i < head.length; i++) {
                int space = from;
                while (space < row.length && row[space] != ' ') {
                    space++;
                }
                if (space == from || space == row.length) {
                    throw new SQLException("a commands row is malformed at byte " + at);
                }
                head[i] = new String(row, from, space - from, StandardCharsets.US_ASCII);
                from = space + 1;
            }
            try {
                int length = Integer.parseInt(head[2]);
                if (length < 0 || from + length >= row.length || row[from + length] != '\n') {
                    throw new SQLException("a commands row is cut short at byte " + at);
                }
                lines.add(
                        new Store.Command(
                                head[0],
                                Long.parseLong(head[1]),
                                Arrays.copyOfRange(row, from, from + length)));
                at = from + length + 1;
            } catch (NumberFormatException e) {
                throw new SQLException("a commands row has a bad number at byte " + at);
            }
        }
        return lines;
    }

    /** The commands of these rooms after their checkpoints, in the order written. */
    static List<Store.Command> after(Schema db, Map<String, Since> checkpoints)
            throws SQLException {
        List<Store.Command> after = new ArrayList<>();
        long from =
                checkpoints.values().stream().mapToLong(Since::since).min().orElse(Long.MAX_VALUE);
        // A row at a time: only the lines kept stay in memory.
        db.query(
                "SELECT seq, lines FROM commands WHERE seq >= ? ORDER BY seq",
                r -> {
                    long seq = r.getLong(1);
                    for (Store.Command line : read(r.getBytes(2))) {
                        Since k = checkpoints.get(line.room());
                        if (k != null && seq >= k.since() && line.version() > k.version()) {
                            after.add(line);
                        }
                    }
                    return seq;
                },
                from);
        return after;
    }
}
