package dev.tictactoe.server.room;

import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;

import org.jspecify.annotations.Nullable;

import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/** Writes a room's changes, checkpoints and finished games to its journal. Room loop only. */
final class Recorder {

    private final Room room;
    private int sinceCheckpoint;

    /** A record was refused: the journal has a gap until the next checkpoint. */
    private boolean gap;

    /** Games up to this one are archived already (a rebuilt room's from its checkpoint). */
    int archivedGame;

    /** Under {@code fsync}, one listener for all the room's changes, so a batch tells it once. */
    private final @Nullable LongConsumer onDurable;

    Recorder(Room room) {
        this.room = room;
        if (room.context.journal().holdsUntilDurable()) {
            room.feed.holding = true;
            onDurable = version -> room.execute(() -> room.feed.durable(version));
        } else {
            onDurable = null;
        }
    }

    /** A new room's first checkpoint; the next after 1 to checkpointEvery changes, by code. */
    void created() {
        RoomJournal journal = room.context.journal();
        if (journal != RoomJournal.NONE) {
            // Queued ahead of any change: nothing waits for it.
            room.feed.durable(room.core.version);
            checkpoint();
            sinceCheckpoint = Math.floorMod(room.code().hashCode(), journal.checkpointEvery());
        }
    }

    /** A replay writes nothing but archives again the games it sees end, maybe unwritten. */
    void changed(Change change) {
        RoomJournal journal = room.context.journal();
        if (journal == RoomJournal.NONE) {
            return;
        }
        // A replayed change counts toward the next checkpoint too.
        sinceCheckpoint++;
        if (!room.time.replaying) {
            byte[] record =
                    RoomState.json(new Change.Entry(room.time.nanos, room.time.millis, change));
            boolean kept = journal.change(room.code(), room.core.version, record, onDurable);
            if (!kept) {
                room.feed.durable(room.core.version); // played on in memory
            }
            gap |= !kept;
            if (gap || sinceCheckpoint >= journal.checkpointEvery()) {
                checkpoint();
            }
        } else {
            room.feed.durable(room.core.version); // replayed from the disk
        }
        ArrayDeque<GameRecord> finished = room.core.match.finished;
        GameRecord last = finished.peekLast();
        if (last != null && last.game() > archivedGame) {
            archivedGame = last.game();
            journal.gameFinished(room.code(), last.game(), gameRecord(last));
            // History reads the archive: memory keeps what a checkpoint needs, not a hundred games.
            while (journal.archivesGames()
                    && finished.size() > RoomJournal.CHECKPOINT_GAMES_WITH_ARCHIVE) {
                finished.removeFirst();
            }
        }
    }

    private void checkpoint() {
        byte[] state = RoomState.of(room);
        gap = !room.context.journal().checkpoint(room.code(), room.core.version, state);
        if (!gap) {
            sinceCheckpoint = 0;
        }
    }

    /** A finished game as the archive keeps it; {@code players} maps X and O to their names. */
    record ArchivedGame(
            String room,
            int game,
            GameSettings settings,
            Map<Seat, @Nullable String> players,
            Seat first,
            List<Integer> moves,
            @Nullable Seat winner,
            ResultReason reason,
            List<Integer> line,
            long endedAt) {}

    record GameSettings(int size, int winLength, boolean earlyDraw) {}

    /** One finished game for the archive: values taken now, JSON made by the journal. */
    private Supplier<byte[]> gameRecord(GameRecord game) {
        RoomSettings settings = room.settings();
        EnumMap<Seat, @Nullable String> names = new EnumMap<>(Seat.class);
        for (Seat mark : Seat.values()) {
            Occupant seat = room.core.seats.get(mark);
            names.put(mark, seat == null ? null : seat.name());
        }
        ArchivedGame archived =
                new ArchivedGame(
                        room.code(),
                        game.game(),
                        new GameSettings(
                                settings.rules().size(),
                                settings.rules().winLength(),
                                settings.earlyDraw()),
                        names,
                        game.first(),
                        game.moves(),
                        game.winner(),
                        game.reason(),
                        game.line(),
                        room.time.millis);
        return () -> RoomState.json(archived);
    }
}
