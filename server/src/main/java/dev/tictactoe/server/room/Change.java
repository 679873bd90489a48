package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

/**
 * A command to a room's core ({@link RoomCore#apply}), and, once applied, the record its journal
 * keeps: with what was chosen in it (a seat token, the bot's cell), so that applying it again at
 * the instant it was made ({@link Replay}) makes the same change.
 */
sealed interface Change {

    ChangeKind kind();

    /** A person took {@code seat} with this name and secret token. */
    record Seated(Mark seat, String name, String token) implements Change {
        public ChangeKind kind() {
            return ChangeKind.SEATED;
        }
    }

    /** {@code count} spectators are watching now. */
    record Spectators(int count) implements Change {
        public ChangeKind kind() {
            return ChangeKind.SPECTATORS;
        }
    }

    /** The player in {@code seat} dropped; the seat is held until {@code graceUntil} (epoch ms). */
    record Dropped(Mark seat, long graceUntil) implements Change {
        public ChangeKind kind() {
            return ChangeKind.DROPPED;
        }
    }

    /** The dropped player in {@code seat} came back. */
    record Returned(Mark seat) implements Change {
        public ChangeKind kind() {
            return ChangeKind.RETURNED;
        }
    }

    /**
     * {@code seat} was emptied (left for good, or its grace ran out); a game in progress is
     * abandoned.
     */
    record Freed(Mark seat) implements Change {
        public ChangeKind kind() {
            return ChangeKind.FREED;
        }
    }

    /** {@code seat} played {@code cell}, the move's id being {@code id}. */
    record Moved(Mark seat, int cell, String id) implements Change {
        public ChangeKind kind() {
            return ChangeKind.MOVED;
        }
    }

    /** {@code seat} asked to take back its last move. */
    record Undo(Mark seat) implements Change {
        public ChangeKind kind() {
            return ChangeKind.UNDO;
        }
    }

    /** {@code seat} answered its opponent's takeback request. */
    record UndoAnswer(Mark seat, boolean accept) implements Change {
        public ChangeKind kind() {
            return ChangeKind.UNDO_ANSWER;
        }
    }

    record Resigned(Mark seat) implements Change {
        public ChangeKind kind() {
            return ChangeKind.RESIGNED;
        }
    }

    /** {@code seat} claimed the game from its idle opponent. */
    record Claimed(Mark seat) implements Change {
        public ChangeKind kind() {
            return ChangeKind.CLAIMED;
        }
    }

    /** {@code seat} offered a rematch. */
    record Rematch(Mark seat) implements Change {
        public ChangeKind kind() {
            return ChangeKind.REMATCH;
        }
    }

    /** A bot of {@code level} took {@code seat}. */
    record BotSeated(Mark seat, Level level) implements Change {
        public ChangeKind kind() {
            return ChangeKind.BOT_SEATED;
        }
    }

    /** The side to move ran out of time. */
    record TimedOut() implements Change {
        public ChangeKind kind() {
            return ChangeKind.TIMED_OUT;
        }
    }

    /**
     * Back after a restart: the wall clock moved {@code pausedMillis} while the game's time stood
     * still.
     */
    record Resumed(long pausedMillis) implements Change {
        public ChangeKind kind() {
            return ChangeKind.RESUMED;
        }
    }
}
