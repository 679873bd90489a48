package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

/**
 * A command to a room's core and, once applied, the record its journal keeps: with what was chosen
 * in it (a seat token, the bot's cell), so that replaying it at its instant makes the same change.
 */
sealed interface Change {

    /** A person took {@code seat} with this name and secret token. */
    record Seated(Mark seat, String name, String token) implements Change {}

    record Spectators(int count) implements Change {}

    /** The player in {@code seat} dropped; the seat is held until {@code graceUntil} (epoch ms). */
    record Dropped(Mark seat, long graceUntil) implements Change {}

    record Returned(Mark seat) implements Change {}

    /** {@code seat} was emptied; a game in progress is abandoned. */
    record Freed(Mark seat) implements Change {}

    record Moved(Mark seat, int cell, String id) implements Change {}

    record Undo(Mark seat) implements Change {}

    record UndoAnswer(Mark seat, boolean accept) implements Change {}

    record Resigned(Mark seat) implements Change {}

    record Claimed(Mark seat) implements Change {}

    record Rematch(Mark seat) implements Change {}

    record BotSeated(Mark seat, Level level) implements Change {}

    record TimedOut() implements Change {}

    /** Back after a restart: the wall clock moved {@code pausedMillis} while game time stood. */
    record Resumed(long pausedMillis) implements Change {}

    default ChangeKind kind() {
        return switch (this) {
            case Seated c -> ChangeKind.SEATED;
            case Spectators c -> ChangeKind.SPECTATORS;
            case Dropped c -> ChangeKind.DROPPED;
            case Returned c -> ChangeKind.RETURNED;
            case Freed c -> ChangeKind.FREED;
            case Moved c -> ChangeKind.MOVED;
            case Undo c -> ChangeKind.UNDO;
            case UndoAnswer c -> ChangeKind.UNDO_ANSWER;
            case Resigned c -> ChangeKind.RESIGNED;
            case Claimed c -> ChangeKind.CLAIMED;
            case Rematch c -> ChangeKind.REMATCH;
            case BotSeated c -> ChangeKind.BOT_SEATED;
            case TimedOut c -> ChangeKind.TIMED_OUT;
            case Resumed c -> ChangeKind.RESUMED;
        };
    }
}
