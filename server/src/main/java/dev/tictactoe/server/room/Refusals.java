package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.KInARow;
import dev.tictactoe.server.game.Mark;

import org.jspecify.annotations.Nullable;

/**
 * Why the rules refuse a command now, as values; null when they allow it. Every check runs before
 * anything changes, so a refused command leaves the room as it was.
 */
final class Refusals {

    /** Every refusal a room gives: its code and its text, whose blanks {@link #of} fills. */
    enum Refusal {
        SPECTATOR(ErrorCode.NOT_A_PLAYER, "spectators cannot play; join with a free seat to play"),
        NOBODY_PLAYS(ErrorCode.NOT_A_PLAYER, "nobody plays %s"),
        BAD_TOKEN(ErrorCode.NOT_A_PLAYER, "that seat token is not valid in room %s"),
        SEAT_TAKEN(ErrorCode.SEAT_TAKEN, "seat %s is taken"),
        NO_SEAT_FOR_BOT(ErrorCode.SEAT_TAKEN, "there is no empty seat for the bot"),
        ASKED(
                ErrorCode.NO_PENDING_REQUEST,
                "your takeback request is already waiting for an answer"),
        NOT_ASKED(ErrorCode.NO_PENDING_REQUEST, "there is no takeback request from your opponent"),
        NO_FLAG(ErrorCode.GAME_OVER, "no clock has run out"),
        FLAGGED(ErrorCode.GAME_OVER, "the game is over: %s ran out of time"),
        OVER(ErrorCode.GAME_OVER, "the game is over"),
        OVER_MOVE(ErrorCode.GAME_OVER, "the game is over; offer a rematch to play again"),
        AHEAD(
                ErrorCode.VERSION_AHEAD,
                "the room is at version %d, not yet at %d; sync and look again"),
        STALE(
                ErrorCode.STALE_VERSION,
                "the board changed at version %d after the version %d this move was made for; look"
                        + " again"),
        NOT_YOUR_TURN(ErrorCode.NOT_YOUR_TURN, "it is %s's turn, not %s's"),
        OUT_OF_RANGE(ErrorCode.OUT_OF_RANGE, "cell %d is off the board (0..%d)"),
        CELL_TAKEN(ErrorCode.CELL_TAKEN, "cell %d is already taken by %s"),
        NO_MOVES(ErrorCode.NOTHING_TO_UNDO, "no move has been played yet"),
        NOT_MOVED(ErrorCode.NOTHING_TO_UNDO, "you have not moved yet"),
        BOT_NEVER_IDLE(ErrorCode.CLAIM_NOT_ALLOWED, "a bot is never idle"),
        CLOCKED(ErrorCode.CLAIM_NOT_ALLOWED, "a game with a clock ends on time, not by a claim"),
        OWN_TURN(ErrorCode.CLAIM_NOT_ALLOWED, "it is your own turn"),
        TOO_EARLY(ErrorCode.CLAIM_TOO_EARLY, "the game can be claimed in %ds"),
        NO_OPPONENT(
                ErrorCode.WAITING_FOR_OPPONENT,
                "the other seat is empty: wait for an opponent or invite the bot"),
        WAITING(
                ErrorCode.WAITING_FOR_OPPONENT,
                "the game has not started: waiting for an opponent"),
        NOT_OVER(ErrorCode.GAME_NOT_OVER, "a rematch can be offered once the game is over"),
        CLOSED(ErrorCode.UNKNOWN_ROOM, "room %s has closed"),
        NOT_JOINED(ErrorCode.NOT_JOINED, "send join first"),
        PHRASES(ErrorCode.RATE_LIMITED, "too many phrases: %d at once, then one every %s"),
        JOINED(ErrorCode.ALREADY_JOINED, "this connection has already joined"),
        PROTOCOL(
                ErrorCode.UNSUPPORTED_PROTOCOL,
                "protocol %d is not spoken here; this server speaks %d"),
        MEMBERS_FULL(ErrorCode.ROOM_FULL, "room %s has no room for more members"),
        SEATS_FULL(
                ErrorCode.ROOM_FULL,
                "both seats are taken and this room does not allow spectators"),
        NAME(
                ErrorCode.NAME_INVALID,
                "a name is 1 to %d characters, without control or format characters"),
        NO_SPECTATORS(ErrorCode.SPECTATORS_DISABLED, "room %s does not allow spectators");

        private final ErrorCode code;
        private final String text;

        Refusal(ErrorCode code, String text) {
            this.code = code;
            this.text = text;
        }

        Outcome.Refused of(Object... blanks) {
            return new Outcome.Refused(code, text.formatted(blanks));
        }
    }

    private Refusals() {}

    /** Why {@code command} may not be applied to {@code core} now; null when it may. */
    static Outcome.@Nullable Refused check(RoomCore core, Change command, @Nullable Long seen) {
        Match match = core.match;
        return switch (command) {
            case Change.Seated c -> seatTaken(core, c.seat());
            case Change.BotSeated c -> seatTaken(core, c.seat());
            case Change.Dropped c -> person(core, c.seat());
            case Change.Returned c -> person(core, c.seat());
            case Change.Freed c ->
                    core.seat(c.seat()) == null ? Refusal.NOBODY_PLAYS.of(c.seat()) : null;
            case Change.Moved c -> {
                Occupant seat = core.seat(c.seat());
                if (seat == null) {
                    yield Refusal.NOBODY_PLAYS.of(c.seat());
                }
                // A resent move is acknowledged, not refused.
                yield seat.moves().containsKey(c.id())
                        ? null
                        : move(match, c.seat(), c.cell(), seen, core.version, core.boardVersion);
            }
            case Change.Undo c -> {
                Outcome.Refused refused = undo(match, c.seat());
                yield refused == null && !core.againstBot(c.seat()) && match.undoRequest == c.seat()
                        ? Refusal.ASKED.of()
                        : refused;
            }
            case Change.UndoAnswer c -> answer(match, c.seat());
            case Change.Resigned c -> playing(match);
            case Change.Claimed c -> claim(match, c.seat(), core.againstBot(c.seat()));
            case Change.Rematch c ->
                    core.seat(c.seat().opponent()) == null
                            ? Refusal.NO_OPPONENT.of()
                            : match.status != RoomStatus.OVER ? Refusal.NOT_OVER.of() : null;
            case Change.TimedOut c -> match.outOfTime() == null ? Refusal.NO_FLAG.of() : null;
            case Change.Spectators c -> null;
            case Change.Resumed c -> null;
        };
    }

    private static Outcome.@Nullable Refused seatTaken(RoomCore core, Mark mark) {
        return core.seat(mark) != null ? Refusal.SEAT_TAKEN.of(mark) : null;
    }

    private static Outcome.@Nullable Refused person(RoomCore core, Mark mark) {
        Occupant seat = core.seat(mark);
        return seat == null || seat.botPlays() ? Refusal.NOBODY_PLAYS.of(mark) : null;
    }

    /** No game is being played. */
    static Outcome.@Nullable Refused playing(Match match) {
        return switch (match.status) {
            case WAITING -> Refusal.WAITING.of();
            case OVER -> Refusal.OVER.of();
            case PLAYING -> null;
        };
    }

    /** A move made for version {@code seen} (null: not checked) against the room's versions. */
    static Outcome.@Nullable Refused move(
            Match match,
            Mark seat,
            int cell,
            @Nullable Long seen,
            long version,
            long boardVersion) {
        if (seen != null && seen > version) {
            return Refusal.AHEAD.of(version, seen);
        }
        Outcome.Refused illegal = move(match, seat, cell);
        if (illegal != null || seen == null || seen >= boardVersion) {
            return illegal;
        }
        return Refusal.STALE.of(boardVersion, seen);
    }

    /** The game's state first, then the rules of the board, out of turn first. */
    static Outcome.@Nullable Refused move(Match match, Mark seat, int cell) {
        if (match.status != RoomStatus.PLAYING) {
            return match.status == RoomStatus.WAITING
                    ? Refusal.WAITING.of()
                    : Refusal.OVER_MOVE.of();
        }
        Board board = match.board;
        KInARow.Illegal illegal = KInARow.check(board, seat, cell);
        return illegal == null
                ? null
                : switch (illegal) {
                    case NOT_YOUR_TURN -> Refusal.NOT_YOUR_TURN.of(board.toMove(), seat);
                    case OUT_OF_RANGE -> Refusal.OUT_OF_RANGE.of(cell, board.rules().cells() - 1);
                    case CELL_TAKEN -> Refusal.CELL_TAKEN.of(cell, String.valueOf(board.at(cell)));
                };
    }

    /** {@code seat} may not take back its last move, or ask to. */
    static Outcome.@Nullable Refused undo(Match match, Mark seat) {
        Outcome.Refused refused = playing(match);
        if (refused != null) {
            return refused;
        }
        Board board = match.board;
        if (board.moveCount() == 0) {
            return Refusal.NO_MOVES.of();
        }
        return board.moveCount() < 2 && board.at(board.lastMove()) != seat
                ? Refusal.NOT_MOVED.of()
                : null;
    }

    /** {@code seat} may not answer a takeback request. */
    static Outcome.@Nullable Refused answer(Match match, Mark seat) {
        Mark asker = match.undoRequest;
        return asker == null || asker == seat ? Refusal.NOT_ASKED.of() : undo(match, asker);
    }

    /** {@code seat} may not claim the game from its idle opponent now. */
    private static Outcome.@Nullable Refused claim(Match match, Mark seat, boolean againstBot) {
        if (againstBot && match.status == RoomStatus.PLAYING) {
            return Refusal.BOT_NEVER_IDLE.of();
        }
        Outcome.Refused refused = playing(match);
        if (refused != null) {
            return refused;
        }
        IdleClaim idle = match.time.idle;
        if (idle == null) {
            return Refusal.CLOCKED.of();
        }
        if (match.board.toMove() == seat) {
            return Refusal.OWN_TURN.of();
        }
        long now = match.time.now;
        return idle.canClaim(now)
                ? null
                : Refusal.TOO_EARLY.of(Math.ceilDiv(idle.untilClaimable(now).toMillis(), 1000));
    }
}
