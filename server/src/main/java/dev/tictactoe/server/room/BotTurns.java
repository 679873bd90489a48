package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/** A bot's turns: asks the runner for a move, and plays it if the room has not changed since. */
final class BotTurns {

    private static final Logger log = LoggerFactory.getLogger(BotTurns.class);

    static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Room room;
    final long seed;

    BotTurns(Room room, long seed) {
        this.room = room;
        this.seed = seed;
    }

    /** If a bot is to move, starts its search; its move comes back to the room's loop. */
    void schedule() {
        Match match = room.core.match;
        Mark turn = match.turn();
        Occupant seat = turn == null ? null : room.core.seat(turn);
        Level level = seat == null ? null : seat.bot();
        // A replay makes the bot's recorded moves again; it thinks anew once the room is live.
        if (turn == null || level == null || room.closed || room.time.replaying) {
            return;
        }
        long forVersion = room.feed.version;
        // The version is left out of the seed, so who watches or reconnects cannot change a bot's
        // choice: the same seed and moves replay (PROTOCOL.md).
        boolean queued =
                room.context
                        .bots()
                        .think(
                                match.board,
                                level,
                                seed ^ (match.game * 0x9E3779B97F4A7C15L),
                                (move, failure) ->
                                        room.execute(
                                                () -> answered(turn, forVersion, move, failure)));
        if (!queued) {
            log.warn("room {} bot queue full, retrying", room.code());
            room.schedule(this::schedule, RETRY_NANOS);
        }
    }

    /** The search's move, or its failure, comes back: played if the room has not changed since. */
    private void answered(
            Mark mark,
            long forVersion,
            @Nullable BotMove move,
            @Nullable RuntimeException failure) {
        Occupant seat = room.core.seat(mark);
        if (forVersion != room.feed.version || seat == null || !seat.botPlays() || room.closed) {
            log.debug(
                    "room {} dropped a bot move computed for version {} (now {})",
                    room.code(),
                    forVersion,
                    room.feed.version);
        } else if (failure != null || move == null) {
            fallBack(mark, "search failed on\n" + room.core.match.board, failure);
        } else if (play(mark, move.cell()) instanceof Outcome.Refused r) {
            fallBack(
                    mark,
                    "proposed an illegal move " + move.cell() + " (" + r.message() + ")",
                    null);
        }
    }

    private Outcome play(Mark mark, int cell) {
        return room.run(new Change.BotMoved(mark, cell));
    }

    /** The game goes on: the bot plays the lowest empty cell, logged once with any stack trace. */
    private void fallBack(Mark mark, String why, @Nullable RuntimeException failure) {
        int[] empty = new int[room.core.match.board.rules().cells()];
        if (room.core.match.board.legalMoves(empty) == 0) {
            return;
        }
        log.error(
                "room {} bot {} {}; plays cell {} instead",
                room.code(),
                mark,
                why,
                empty[0],
                failure);
        play(mark, empty[0]);
    }
}
