package dev.tictactoe.server.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The database's tables, its settings and what a start reads back. The README's Durability section
 * shows the same schema to operators: keep them one.
 */
final class Schema {

    /** The layout this code writes ({@code PRAGMA user_version}); another one is refused. */
    static final int VERSION = 1;

    private static final String[] TABLES = {
        // One row per accepted command of a live room after its newest checkpoint: kind is the
        // room's number for it, record its bytes.
        "CREATE TABLE IF NOT EXISTS commands ("
                + " room TEXT NOT NULL, version INTEGER NOT NULL, kind INTEGER NOT NULL,"
                + " record BLOB NOT NULL, PRIMARY KEY (room, version)) WITHOUT ROWID",
        // A live room's whole state (JSON) at a version: recovery starts there.
        "CREATE TABLE IF NOT EXISTS checkpoints ("
                + " room TEXT PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL)"
                + " WITHOUT ROWID",
        // Finished games (JSON); kept_until is set when their room goes (epoch ms).
        "CREATE TABLE IF NOT EXISTS games ("
                + " room TEXT NOT NULL, game INTEGER NOT NULL, ended_at INTEGER NOT NULL,"
                + " kept_until INTEGER, document TEXT NOT NULL, PRIMARY KEY (room, game))"
                + " WITHOUT ROWID",
        "CREATE INDEX IF NOT EXISTS games_expiry ON games (kept_until)"
                + " WHERE kept_until IS NOT NULL",
    };

    private Schema() {}

    /**
     * Opens {@code file} in WAL mode, creating its tables. The writer's commits set their own
     * {@code synchronous}; this sets the one of everything else (WAL checkpoints).
     */
    static Connection open(Path file, DurabilityPolicy policy) throws DataDirException {
        Connection db = null;
        try {
            db = DriverManager.getConnection("jdbc:sqlite:" + file);
            try (Statement s = db.createStatement()) {
                s.execute("PRAGMA busy_timeout = 0");
                try (ResultSet mode = s.executeQuery("PRAGMA journal_mode = WAL")) {
                    mode.next();
                    if (!mode.getString(1).equalsIgnoreCase("wal")) {
                        throw new SQLException("WAL mode is not available: " + mode.getString(1));
                    }
                }
                s.execute(
                        "PRAGMA synchronous = "
                                + (policy instanceof DurabilityPolicy.None ? "OFF" : "FULL"));
                int version;
                try (ResultSet v = s.executeQuery("PRAGMA user_version")) {
                    version = v.next() ? v.getInt(1) : 0;
                }
                if (version != 0 && version != VERSION) {
                    throw new DataDirException(
                            file + " has layout " + version + ", this server reads " + VERSION);
                }
                for (String table : TABLES) {
                    s.execute(table);
                }
                s.execute("PRAGMA user_version = " + VERSION);
            }
            return db;
        } catch (SQLException e) {
            closeQuietly(db);
            throw new DataDirException(file + " cannot be opened: " + e.getMessage());
        } catch (DataDirException e) {
            closeQuietly(db);
            throw e;
        }
    }

    /** Every room with a checkpoint, in code order, with the commands after it. */
    static Map<String, Store.Room> read(Connection db) throws SQLException {
        Map<String, Store.Room> rooms = new LinkedHashMap<>();
        try (Statement s = db.createStatement();
                ResultSet r =
                        s.executeQuery(
                                "SELECT room, version, state FROM checkpoints ORDER BY room")) {
            while (r.next()) {
                rooms.put(
                        r.getString(1),
                        new Store.Room(r.getLong(2), r.getBytes(3), new ArrayList<>()));
            }
        }
        try (Statement s = db.createStatement();
                ResultSet r =
                        s.executeQuery(
                                "SELECT room, version, record FROM commands ORDER BY room,"
                                        + " version")) {
            while (r.next()) {
                Store.Room room = rooms.get(r.getString(1));
                if (room != null && r.getLong(2) > room.version()) {
                    room.commands().add(new Store.Command(r.getLong(2), r.getBytes(3)));
                }
            }
        }
        return rooms;
    }

    static void closeQuietly(Connection db) {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException e) {
                // nothing was pending on it
            }
        }
    }
}
