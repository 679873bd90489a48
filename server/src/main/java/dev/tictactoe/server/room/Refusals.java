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

    static final Outcome.Refused NOT_A_PLAYER =
            new Outcome.Refused(
                    ErrorCode.NOT_A_PLAYER,
                    "spectators cannot play; join with a free seat to play");

    private Refusals() {}

    static Outcome.Refused refuse(ErrorCode code, String message) {
        return new Outcome.Refused(code, message);
    }

    /** Why {@code command} may not be applied to {@code core} now; null when it may. */
    static Outcome.@Nullable Refused check(RoomCore core, Change command, @Nullable Long seen) {
        Match match = core.match;
        return switch (command) {
            case Change.Seated c -> core.seat(c.seat()) != null ? seatTaken(c.seat()) : null;
            case Change.BotSeated c -> core.seat(c.seat()) != null ? seatTaken(c.seat()) : null;
            case Change.Dropped c -> person(core, c.seat());
            case Change.Returned c -> person(core, c.seat());
            case Change.Freed c -> core.seat(c.seat()) == null ? noPlayer(c.seat()) : null;
            case Change.Moved c -> {
                Occupant seat = core.seat(c.seat());
                if (seat == null) {
                    yield noPlayer(c.seat());
                }
                // A resent move is acknowledged, not refused.
                yield seat.moves().containsKey(c.id())
                        ? null
                        : move(match, c.seat(), c.cell(), seen, core.version, core.boardVersion);
            }
            case Change.Undo c -> {
                Outcome.Refused refused = undo(match, c.seat());
                yield refused == null && !core.againstBot(c.seat()) && match.undoRequest == c.seat()
                        ? refuse(
                                ErrorCode.NO_PENDING_REQUEST,
                                "your takeback request is already waiting for an answer")
                        : refused;
            }
            case Change.UndoAnswer c -> answer(match, c.seat());
            case Change.Resigned c -> playing(match);
            case Change.Claimed c -> claim(match, c.seat(), core.againstBot(c.seat()));
            case Change.Rematch c -> rematch(match, core.seat(c.seat().opponent()) != null);
            case Change.TimedOut c ->
                    match.outOfTime() == null
                            ? refuse(ErrorCode.GAME_OVER, "no clock has run out")
                            : null;
            case Change.Spectators c -> null;
            case Change.Resumed c -> null;
        };
    }

    private static Outcome.@Nullable Refused person(RoomCore core, Mark mark) {
        Occupant seat = core.seat(mark);
        return seat == null || seat.botPlays() ? noPlayer(mark) : null;
    }

    private static Outcome.Refused seatTaken(Mark mark) {
        return refuse(ErrorCode.SEAT_TAKEN, "seat " + mark + " is taken");
    }

    private static Outcome.Refused noPlayer(Mark mark) {
        return refuse(ErrorCode.NOT_A_PLAYER, "nobody plays " + mark);
    }

    static Outcome.Refused outOfTime(Mark out) {
        return refuse(ErrorCode.GAME_OVER, "the game is over: " + out + " ran out of time");
    }

    /** No game is being played. */
    static Outcome.@Nullable Refused playing(Match match) {
        return switch (match.status) {
            case WAITING -> waiting();
            case OVER -> refuse(ErrorCode.GAME_OVER, "the game is over");
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
            return refuse(
                    ErrorCode.VERSION_AHEAD,
                    "the room is at version %d, not yet at %d; sync and look again"
                            .formatted(version, seen));
        }
        Outcome.Refused illegal = move(match, seat, cell);
        if (illegal != null || seen == null || seen >= boardVersion) {
            return illegal;
        }
        return refuse(
                ErrorCode.STALE_VERSION,
                ("the board changed at version %d after the version %d this move was made for;"
                                + " look again")
                        .formatted(boardVersion, seen));
    }

    /** The game's state first, then the rules of the board, out of turn first. */
    static Outcome.@Nullable Refused move(Match match, Mark seat, int cell) {
        if (match.status != RoomStatus.PLAYING) {
            return match.status == RoomStatus.WAITING
                    ? waiting()
                    : refuse(
                            ErrorCode.GAME_OVER, "the game is over; offer a rematch to play again");
        }
        Board board = match.board;
        KInARow.Illegal illegal = KInARow.check(board, seat, cell);
        return illegal == null
                ? null
                : switch (illegal) {
                    case NOT_YOUR_TURN ->
                            refuse(
                                    ErrorCode.NOT_YOUR_TURN,
                                    "it is " + board.toMove() + "'s turn, not " + seat + "'s");
                    case OUT_OF_RANGE ->
                            refuse(
                                    ErrorCode.OUT_OF_RANGE,
                                    "cell %d is off the board (0..%d)"
                                            .formatted(cell, board.rules().cells() - 1));
                    case CELL_TAKEN ->
                            refuse(
                                    ErrorCode.CELL_TAKEN,
                                    "cell " + cell + " is already taken by " + board.at(cell));
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
            return refuse(ErrorCode.NOTHING_TO_UNDO, "no move has been played yet");
        }
        if (board.moveCount() < 2 && board.at(board.lastMove()) != seat) {
            return refuse(ErrorCode.NOTHING_TO_UNDO, "you have not moved yet");
        }
        return null;
    }

    /** {@code seat} may not answer a takeback request. */
    static Outcome.@Nullable Refused answer(Match match, Mark seat) {
        Mark asker = match.undoRequest;
        if (asker == null || asker == seat) {
            return refuse(
                    ErrorCode.NO_PENDING_REQUEST,
                    "there is no takeback request from your opponent");
        }
        return undo(match, asker);
    }

    /** {@code seat} may not claim the game from its idle opponent now. */
    private static Outcome.@Nullable Refused claim(Match match, Mark seat, boolean againstBot) {
        if (againstBot && match.status == RoomStatus.PLAYING) {
            return refuse(ErrorCode.CLAIM_NOT_ALLOWED, "a bot is never idle");
        }
        Outcome.Refused refused = playing(match);
        if (refused != null) {
            return refused;
        }
        IdleClaim idle = match.time.idle;
        if (idle == null) {
            return refuse(
                    ErrorCode.CLAIM_NOT_ALLOWED,
                    "a game with a clock ends on time, not by a claim");
        }
        if (match.board.toMove() == seat) {
            return refuse(ErrorCode.CLAIM_NOT_ALLOWED, "it is your own turn");
        }
        long now = match.time.now;
        if (!idle.canClaim(now)) {
            long seconds = Math.ceilDiv(idle.untilClaimable(now).toMillis(), 1000);
            return refuse(ErrorCode.CLAIM_TOO_EARLY, "the game can be claimed in " + seconds + "s");
        }
        return null;
    }

    /** A rematch may be offered once the game is over, to a seated opponent. */
    private static Outcome.@Nullable Refused rematch(Match match, boolean opponentSeated) {
        if (!opponentSeated) {
            return refuse(
                    ErrorCode.WAITING_FOR_OPPONENT,
                    "the other seat is empty: wait for an opponent or invite the bot");
        }
        if (match.status != RoomStatus.OVER) {
            return refuse(
                    ErrorCode.GAME_NOT_OVER, "a rematch can be offered once the game is over");
        }
        return null;
    }

    private static Outcome.Refused waiting() {
        return refuse(
                ErrorCode.WAITING_FOR_OPPONENT,
                "the game has not started: waiting for an opponent");
    }
}
