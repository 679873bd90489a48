package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.KInARow;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/** Why the rules refuse a command now, as values, checked before anything changes. */
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
        NOT_A_COMMAND(ErrorCode.BAD_MESSAGE, "%s is not a command to the room"),
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

    /** Why a change the server makes may not be applied to {@code core} now; null when it may. */
    static Outcome.@Nullable Refused check(RoomCore core, Change command) {
        return switch (command) {
            case Change.Seated c -> seatTaken(core, c.seat());
            case Change.Dropped c -> person(core, c.seat());
            case Change.Returned c -> person(core, c.seat());
            case Change.Freed c ->
                    core.seats.get(c.seat()) == null ? Refusal.NOBODY_PLAYS.of(c.seat()) : null;
            case Change.BotMoved c -> move(core, c.seat(), c.cell(), null, null);
            case Change.Said c -> throw new IllegalArgumentException("checked by the core");
            case Change.TimedOut c -> core.match.outOfTime() == null ? Refusal.NO_FLAG.of() : null;
            case Change.Spectators c -> null;
            case Change.Resumed c -> null;
        };
    }

    private static Outcome.@Nullable Refused seatTaken(RoomCore core, Seat mark) {
        return core.seats.get(mark) != null ? Refusal.SEAT_TAKEN.of(mark) : null;
    }

    private static Outcome.@Nullable Refused person(RoomCore core, Seat mark) {
        Occupant seat = core.seats.get(mark);
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

    /** A move made for version {@code seen} (a bot's: null); a resent one is acknowledged. */
    static Outcome.@Nullable Refused move(
            RoomCore core, Seat mark, int cell, @Nullable String id, @Nullable Long seen) {
        Occupant seat = core.seats.get(mark);
        if (seat == null) {
            return Refusal.NOBODY_PLAYS.of(mark);
        }
        if (id != null && seat.moves().containsKey(id)) {
            return null;
        }
        if (seen != null && seen > core.version) {
            return Refusal.AHEAD.of(core.version, seen);
        }
        Outcome.Refused illegal = move(core.match, mark, cell);
        if (illegal != null || seen == null || seen >= core.boardVersion) {
            return illegal;
        }
        return Refusal.STALE.of(core.boardVersion, seen);
    }

    /** The game's state first, then the rules of the board, out of turn first. */
    static Outcome.@Nullable Refused move(Match match, Seat seat, int cell) {
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
    static Outcome.@Nullable Refused undo(Match match, Seat seat) {
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

    /** {@code seat} may not ask to take back its last move. */
    static Outcome.@Nullable Refused ask(RoomCore core, Seat seat) {
        Outcome.Refused refused = undo(core.match, seat);
        return refused == null && !core.againstBot(seat) && core.match.undoRequest == seat
                ? Refusal.ASKED.of()
                : refused;
    }

    /** {@code seat} may not answer a takeback request. */
    static Outcome.@Nullable Refused answer(Match match, Seat seat) {
        Seat asker = match.undoRequest;
        return asker == null || asker == seat ? Refusal.NOT_ASKED.of() : undo(match, asker);
    }

    /** {@code seat} may not offer a rematch now. */
    static Outcome.@Nullable Refused rematch(RoomCore core, Seat seat) {
        return core.seats.get(seat.opponent()) == null
                ? Refusal.NO_OPPONENT.of()
                : core.match.status != RoomStatus.OVER ? Refusal.NOT_OVER.of() : null;
    }

    /** No seat may take the bot {@code invite} asks for. */
    static Outcome.@Nullable Refused invite(RoomCore core, ClientMessage.InviteBot invite) {
        Seat seat = core.botSeat(invite);
        return seat == null ? Refusal.NO_SEAT_FOR_BOT.of() : seatTaken(core, seat);
    }

    /** {@code seat} may not claim the game from its idle opponent now. */
    static Outcome.@Nullable Refused claim(Match match, Seat seat, boolean againstBot) {
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
        Duration wait = idle.untilClaimable(match.time.now);
        return wait.isZero() ? null : Refusal.TOO_EARLY.of(Math.ceilDiv(wait.toMillis(), 1000));
    }
}
