package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

class MatchTest {

    private final Match match = started(RoomDriver.classic());

    private static Match started(RoomSettings settings) {
        Match match = new Match(settings, IdleClaim.DEFAULT_AFTER);
        assertThat(match.startIfWaiting()).isTrue();
        return match;
    }

    private static void rejected(Outcome.Refused refused, ErrorCode code) {
        assertThat(refused).isNotNull().extracting(Outcome.Refused::code).isEqualTo(code);
    }

    @Test
    void movesBeforeTheGameStartsAreRefused() {
        Match waiting = new Match(RoomDriver.classic(), IdleClaim.DEFAULT_AFTER);
        rejected(Refusals.move(waiting, Seat.X, 4), ErrorCode.WAITING_FOR_OPPONENT);
    }

    @Test
    void outOfTurnIsCheckedBeforeAnythingElse() {
        match.play(Seat.X, 4, "m1");
        rejected(Refusals.move(match, Seat.X, 4), ErrorCode.NOT_YOUR_TURN);
        rejected(Refusals.move(match, Seat.X, 99), ErrorCode.NOT_YOUR_TURN);
        rejected(Refusals.move(match, Seat.O, 4), ErrorCode.CELL_TAKEN);
        rejected(Refusals.move(match, Seat.O, 9), ErrorCode.OUT_OF_RANGE);
        rejected(Refusals.move(match, Seat.O, -1), ErrorCode.OUT_OF_RANGE);
    }

    @Test
    void aLineWinsAndScores() {
        for (int cell : new int[] {0, 3, 1, 4}) {
            assertThat(match.play(match.turn(), cell, "m" + cell)).isFalse();
        }
        assertThat(match.play(Seat.X, 2, "m2")).isTrue();
        assertThat(match.result.winner()).isEqualTo(Seat.X);
        assertThat(match.result.line()).containsExactly(0, 1, 2);
        assertThat(match.wins(Seat.X)).isEqualTo(1);
        assertThat(match.turn()).isNull();
        rejected(Refusals.move(match, Seat.O, 8), ErrorCode.GAME_OVER);
        assertThat(match.finished)
                .singleElement()
                .satisfies(g -> assertThat(g.moves()).containsExactly(0, 3, 1, 4, 2));
    }

    @Test
    void aDeadPositionIsAnEarlyDrawOnlyWhenTheRoomWantsIt() {
        // X O X / X O O / O X . : nobody can make three any more, one cell left.
        int[] moves = {0, 1, 2, 4, 3, 5, 7, 6};
        Match early = started(RoomDriver.classic());
        Match full =
                started(new RoomSettings(Rules.CLASSIC, Seat.X, Seat.X, false, true, null, null));
        for (int i = 0; i < moves.length; i++) {
            early.play(early.turn(), moves[i], "m" + i);
            full.play(full.turn(), moves[i], "m" + i);
        }
        assertThat(early.status).isEqualTo(RoomStatus.OVER);
        assertThat(early.result.reason()).isEqualTo(ResultReason.DEAD_DRAW);
        assertThat(full.status).isEqualTo(RoomStatus.PLAYING);
        full.play(Seat.X, 8, "last");
        assertThat(full.result.reason()).isEqualTo(ResultReason.DRAW);
        assertThat(full.draws).isEqualTo(1);
    }

    @Test
    void undoTakesBackOwnMoveOrOwnMoveAndTheReply() {
        match.play(Seat.X, 4, "a");
        assertThat(match.undo(Seat.X)).containsExactly(4);
        match.play(Seat.X, 4, "a");
        match.play(Seat.O, 0, "b");
        assertThat(Refusals.undo(match, Seat.X)).isNull();
        assertThat(match.undo(Seat.X)).containsExactly(0, 4);
        assertThat(match.board.moveCount()).isZero();
        rejected(Refusals.undo(match, Seat.X), ErrorCode.NOTHING_TO_UNDO);
        match.play(Seat.X, 4, "a");
        rejected(Refusals.undo(match, Seat.O), ErrorCode.NOTHING_TO_UNDO);
    }

    @Test
    void aTakebackNeedsTheOpponentsAnswer() {
        match.play(Seat.X, 4, "a");
        match.undoRequest = Seat.X;
        assertThat(match.undoRequest).isEqualTo(Seat.X);
        rejected(Refusals.answer(match, Seat.X), ErrorCode.NO_PENDING_REQUEST);
        assertThat(Refusals.answer(match, Seat.O)).isNull();
        assertThat(match.undo(Seat.X)).containsExactly(4);
        assertThat(match.undoRequest).isNull();
    }

    @Test
    void aMoveWithdrawsAPendingTakeback() {
        match.play(Seat.X, 4, "a");
        match.undoRequest = Seat.X;
        match.play(Seat.O, 0, "b");
        assertThat(match.undoRequest).isNull();
    }

    private void resign(Seat seat) {
        match.finish(new Match.Result(seat.opponent(), ResultReason.RESIGN));
    }

    @Test
    void rematchNeedsBothAndAlternatesTheFirstMove() {
        resign(Seat.O);
        assertThat(match.wins(Seat.X)).isEqualTo(1);
        assertThat(match.offerRematch(Seat.X, false)).isFalse();
        assertThat(match.offerRematch(Seat.O, false)).isTrue();
        assertThat(match.game).isEqualTo(2);
        assertThat(match.turn()).isEqualTo(Seat.O);
        assertThat(match.rematchOffers).isEmpty();
    }

    @Test
    void aBotAcceptsARematchAtOnce() {
        resign(Seat.X);
        assertThat(match.offerRematch(Seat.X, true)).isTrue();
        assertThat(match.game).isEqualTo(2);
    }

    @Test
    void leavingDuringAGameLosesItAndARefilledSeatStartsTheNext() {
        match.play(Seat.X, 4, "a");
        assertThat(match.abandon(Seat.O)).isTrue();
        assertThat(match.result.reason()).isEqualTo(ResultReason.ABANDONED);
        assertThat(match.result.winner()).isEqualTo(Seat.X);
        assertThat(match.startIfWaiting()).isTrue();
        assertThat(match.game).isEqualTo(2);
        assertThat(match.status).isEqualTo(RoomStatus.PLAYING);
    }

    @Test
    void onlyTheLastGamesAreKeptForReviewButAllAreScored() {
        for (int i = 0; i < Match.KEPT_GAMES + 5; i++) {
            resign(match.turn());
            assertThat(match.offerRematch(Seat.X, true)).isTrue();
        }
        assertThat(match.finished).hasSize(Match.KEPT_GAMES);
        assertThat(match.finished.iterator().next().game()).isEqualTo(6);
        assertThat(match.wins(Seat.X) + match.wins(Seat.O)).isEqualTo(Match.KEPT_GAMES + 5);
    }
}
