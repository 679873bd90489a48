package dev.tictactoe.server.store;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/** The database's tables and statements, as docs/operations.md shows them. Writer thread only. */
final class Schema implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Schema.class);

    /** The layout this code writes ({@code PRAGMA user_version}); another one is refused. */
    static final int VERSION = 7;

    /** A room keeps its newest games only. */
    static final int MAX_GAMES_PER_ROOM = 1_000;

    /** An older checkpoint has its commands copied to the end (empty rooms close before). */
    static final Duration STALE_CHECKPOINT = Duration.ofMinutes(15);

    private static final String[] TABLES = {
        // Accepted commands in order, a row a commit (CommandLines): a room's are from its since.
        "CREATE TABLE IF NOT EXISTS commands (seq INTEGER PRIMARY KEY, lines BLOB NOT NULL)",
        // A live room's whole state (JSON) at a version: recovery starts there.
        "CREATE TABLE IF NOT EXISTS checkpoints ("
                + " room TEXT PRIMARY KEY, version INTEGER NOT NULL, since INTEGER NOT NULL,"
                + " at INTEGER NOT NULL, state TEXT NOT NULL) WITHOUT ROWID",
        "CREATE INDEX IF NOT EXISTS checkpoints_since ON checkpoints (since)",
        // Finished games (JSON); kept_until is set when their room goes (epoch ms).
        "CREATE TABLE IF NOT EXISTS games ("
                + " room TEXT NOT NULL, game INTEGER NOT NULL, ended_at INTEGER NOT NULL,"
                + " kept_until INTEGER, document TEXT NOT NULL, PRIMARY KEY (room, game))"
                + " WITHOUT ROWID",
        "CREATE INDEX IF NOT EXISTS games_expiry ON games (kept_until)"
                + " WHERE kept_until IS NOT NULL",
    };

    interface Row<T> {
        T read(ResultSet r) throws SQLException;
    }

    private final Connection db;
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    private final CommandLines lines = new CommandLines();

    private Schema(Connection db) {
        this.db = db;
    }

    /** Opens {@code file} in WAL mode, creating its tables; commits fsynced unless {@code none}. */
    static Schema open(Path file, DurabilityPolicy policy) throws DataDirException {
        Connection db = null;
        try {
            // Otherwise the driver runs a second query after every insert for keys nobody reads.
            Properties config = new Properties();
            config.setProperty("jdbc.get_generated_keys", "false");
            db = DriverManager.getConnection("jdbc:sqlite:" + file, config);
            Schema schema = new Schema(db);
            schema.execute("PRAGMA busy_timeout = 0");
            String mode = schema.query("PRAGMA journal_mode = WAL", r -> r.getString(1)).get(0);
            if (!mode.equalsIgnoreCase("wal")) {
                throw new SQLException("WAL mode is not available: " + mode);
            }
            schema.execute(
                    "PRAGMA synchronous = "
                            + (policy.mode() == DurabilityPolicy.Mode.NONE ? "OFF" : "FULL"));
            int version = schema.query("PRAGMA user_version", r -> r.getInt(1)).get(0);
            if (version != 0 && version != VERSION) {
                throw new DataDirException(
                        file + " has layout " + version + ", this server reads " + VERSION);
            }
            for (String table : TABLES) {
                schema.execute(table);
            }
            schema.execute("PRAGMA user_version = " + VERSION);
            return schema;
        } catch (SQLException | DataDirException e) {
            closeQuietly(db);
            throw e instanceof DataDirException refused
                    ? refused
                    : new DataDirException(file + " cannot be opened: " + e.getMessage());
        }
    }

    /** Every room with a checkpoint and the commands after it; orphaned games start retention. */
    Map<String, Store.Room> recover(long keptUntil) throws SQLException {
        Map<String, Store.Room> rooms = new LinkedHashMap<>();
        Map<String, CommandLines.Since> since = new HashMap<>();
        query(
                "SELECT room, version, since, state FROM checkpoints ORDER BY room",
                r -> {
                    since.put(r.getString(1), new CommandLines.Since(r.getLong(2), r.getLong(3)));
                    return rooms.put(
                            r.getString(1),
                            new Store.Room(r.getLong(2), r.getBytes(4), new ArrayList<>()));
                });
        for (Store.Command line : CommandLines.after(this, since)) {
            List<Store.Command> commands =
                    Objects.requireNonNull(rooms.get(line.room())).commands();
            // Written again at a version (a replay cut short): it replaces those from there on.
            while (!commands.isEmpty() && commands.getLast().version() >= line.version()) {
                commands.removeLast();
            }
            commands.add(line);
        }
        update(
                "UPDATE games SET kept_until = ? WHERE kept_until IS NULL AND room NOT IN"
                        + " (SELECT room FROM checkpoints)",
                keptUntil);
        return rooms;
    }

    /** Writes a batch in one transaction, the commands as one row cut at each checkpoint. */
    void commit(List<StoreWriter.Write> writes) throws SQLException {
        execute("BEGIN");
        try {
            for (StoreWriter.Write w : writes) {
                switch (w.item()) {
                    case Item.Command c -> lines.add(c.room(), c.version(), w.bytes());
                    // It covers the rows before it; they go at the next sweep, with every room's.
                    case Item.Checkpoint c -> {
                        appendLines();
                        update(
                                "INSERT OR REPLACE INTO checkpoints (room, version, since, at,"
                                        + " state) VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1"
                                        + " FROM commands), ?, CAST(? AS TEXT))",
                                c.room(),
                                c.version(),
                                c.at(),
                                w.bytes());
                    }
                    case Item.Game g -> {
                        update(
                                "INSERT OR REPLACE INTO games (room, game, ended_at, kept_until,"
                                        + " document) VALUES (?, ?, ?, NULL, CAST(? AS TEXT))",
                                g.room(),
                                g.game(),
                                g.endedAt(),
                                w.bytes());
                        if (g.game() > MAX_GAMES_PER_ROOM) {
                            update(
                                    "DELETE FROM games WHERE room = ? AND game <= ?",
                                    g.room(),
                                    g.game() - MAX_GAMES_PER_ROOM);
                        }
                    }
                    case Item.Closed c -> {
                        update("DELETE FROM checkpoints WHERE room = ?", c.room());
                        update(
                                "UPDATE games SET kept_until = ? WHERE room = ?",
                                c.keptUntil(),
                                c.room());
                    }
                    case Item.Task t -> throw new IllegalStateException("a task is not a write");
                }
            }
            appendLines();
            execute("COMMIT");
        } catch (SQLException e) {
            try {
                execute("ROLLBACK");
            } catch (SQLException ignored) {
                // the commit's own error says what is wrong
            }
            throw e;
        } finally {
            lines.clear();
        }
    }

    private void appendLines() throws SQLException {
        if (!lines.isEmpty()) {
            update("INSERT INTO commands (lines) VALUES (?)", lines.take());
        }
    }

    /** Deletes the commands no live room needs and expired games; how many games went. */
    int sweep(long now) throws SQLException {
        long stale = now - STALE_CHECKPOINT.toMillis();
        Map<String, CommandLines.Since> old = new HashMap<>();
        query(
                "SELECT room, version, since FROM checkpoints WHERE at < ?",
                r -> old.put(r.getString(1), new CommandLines.Since(r.getLong(2), r.getLong(3))),
                stale);
        if (!old.isEmpty()) {
            long next =
                    query("SELECT coalesce(max(seq), 0) + 1 FROM commands", r -> r.getLong(1))
                            .get(0);
            for (Store.Command line : CommandLines.after(this, old)) {
                lines.add(line.room(), line.version(), line.record());
            }
            appendLines();
            update("UPDATE checkpoints SET since = ?, at = ? WHERE at < ?", next, now, stale);
        }
        update(
                "DELETE FROM commands WHERE seq < coalesce((SELECT min(since) FROM checkpoints),"
                        + " (SELECT max(seq) + 1 FROM commands))");
        int gone = update("DELETE FROM games WHERE kept_until < ?", now);
        if (gone > 0) {
            log.info("store: deleted {} finished games past their retention", gone);
        }
        return gone;
    }

    List<Integer> gameNumbers(String room) throws SQLException {
        return query("SELECT game FROM games WHERE room = ? ORDER BY game", r -> r.getInt(1), room);
    }

    List<byte[]> game(String room, int game) throws SQLException {
        return query(
                "SELECT document FROM games WHERE room = ? AND game = ?",
                r -> r.getBytes(1),
                room,
                game);
    }

    List<byte[]> latestGames(String room, int count) throws SQLException {
        return query(
                "SELECT document FROM (SELECT game, document FROM games WHERE room = ? ORDER BY"
                        + " game DESC LIMIT ?) ORDER BY game",
                r -> r.getBytes(1),
                room,
                count);
    }

    void execute(String sql) throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute(sql);
        }
    }

    private int update(String sql, Object... args) throws SQLException {
        return prepare(sql, args).executeUpdate();
    }

    <T> List<T> query(String sql, Row<T> row, Object... args) throws SQLException {
        List<T> rows = new ArrayList<>();
        try (ResultSet r = prepare(sql, args).executeQuery()) {
            while (r.next()) {
                rows.add(row.read(r));
            }
        }
        return rows;
    }

    private PreparedStatement prepare(String sql, Object... args) throws SQLException {
        PreparedStatement s = statements.get(sql);
        if (s == null) {
            s = db.prepareStatement(sql);
            statements.put(sql, s);
        }
        for (int i = 0; i < args.length; i++) {
            s.setObject(i + 1, args[i]);
        }
        return s;
    }

    @Override
    public void close() {
        closeQuietly(db);
    }

    private static void closeQuietly(@Nullable Connection db) {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException e) {
                // nothing was pending on it
            }
        }
    }
}
