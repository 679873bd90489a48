package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.time.Duration;

/** Every refusal of the room's core, one each, without an event loop; none changes the state. */
class RoomCoreTest {

    private static final long SECOND = 1_000_000_000L;

    private RoomCore core = new RoomCore(RoomDriver.classic(), IdleClaim.DEFAULT_AFTER);
    private long nanos;

    private Outcome apply(Change command) {
        return core.apply(
                command, new RoomCore.Context(nanos, 1_700_000_000_000L + nanos / 1_000_000));
    }

    /** {@code seat} plays {@code cell}, made for the core's version. */
    private Change move(Seat seat, int cell, String id) {
        return move(seat, cell, id, core.version);
    }

    private static Change move(Seat seat, int cell, String id, long seen) {
        return new Change.Said(seat, new ClientMessage.Move(id, seen, cell));
    }

    private static Change said(Seat seat, ClientMessage message) {
        return new Change.Said(seat, message);
    }

    private Outcome.Applied applied(Change command) {
        Outcome outcome = apply(command);
        assertThat(outcome).isInstanceOf(Outcome.Applied.class);
        return (Outcome.Applied) outcome;
    }

    /** Both seats taken by people: the first game runs, X to move. */
    private RoomCore playing() {
        applied(new Change.Seated(Seat.X, "ana", "t1"));
        assertThat(applied(new Change.Seated(Seat.O, "bo", "t2")).started()).isTrue();
        return core;
    }

    private void refused(Change command, ErrorCode code) {
        String before = state(core);
        long version = core.version;
        Outcome outcome = apply(command);
        assertThat(outcome)
                .isInstanceOfSatisfying(
                        Outcome.Refused.class, r -> assertThat(r.code()).isEqualTo(code));
        assertThat(core.version).isEqualTo(version);
        assertThat(state(core)).as("the state after a refusal").isEqualTo(before);
    }

    static String state(RoomCore core) {
        try {
            return RoomState.JSON.writeValueAsString(core) + core.match.finished;
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aTakenSeatIsRefused() {
        applied(new Change.Seated(Seat.X, "ana", "t1"));
        refused(new Change.Seated(Seat.X, "bo", "t2"), ErrorCode.SEAT_TAKEN);
        refused(
                said(Seat.X, new ClientMessage.InviteBot(BotLevel.EASY, Seat.X)),
                ErrorCode.SEAT_TAKEN);
    }

    @Test
    void anEmptySeatCannotAct() {
        applied(new Change.Seated(Seat.X, "ana", "t1"));
        refused(move(Seat.O, 4, "m1"), ErrorCode.NOT_A_PLAYER);
        refused(new Change.Dropped(Seat.O, 1), ErrorCode.NOT_A_PLAYER);
        refused(new Change.Freed(Seat.O), ErrorCode.NOT_A_PLAYER);
    }

    @Test
    void nothingIsPlayedBeforeTheOpponentComes() {
        applied(new Change.Seated(Seat.X, "ana", "t1"));
        refused(move(Seat.X, 4, "m1"), ErrorCode.WAITING_FOR_OPPONENT);
        refused(said(Seat.X, new ClientMessage.Rematch()), ErrorCode.WAITING_FOR_OPPONENT);
    }

    @Test
    void aFinishedGameTakesNoMove() {
        playing();
        applied(said(Seat.O, new ClientMessage.Resign()));
        refused(move(Seat.O, 4, "m1"), ErrorCode.GAME_OVER);
        refused(said(Seat.X, new ClientMessage.Resign()), ErrorCode.GAME_OVER);
    }

    @Test
    void outOfTurnIsRefused() {
        playing();
        refused(move(Seat.O, 4, "m1"), ErrorCode.NOT_YOUR_TURN);
    }

    @Test
    void aCellOffTheBoardIsRefused() {
        playing();
        refused(move(Seat.X, 9, "m1"), ErrorCode.OUT_OF_RANGE);
        refused(new Change.BotMoved(Seat.X, -1), ErrorCode.OUT_OF_RANGE);
    }

    @Test
    void aTakenCellIsRefused() {
        playing();
        applied(move(Seat.X, 4, "m1"));
        refused(move(Seat.O, 4, "m2"), ErrorCode.CELL_TAKEN);
    }

    @Test
    void aMoveForAVersionNotYetReachedIsRefused() {
        playing();
        refused(move(Seat.X, 4, "m1", core.version + 1), ErrorCode.VERSION_AHEAD);
    }

    @Test
    void aMoveMadeForABoardThatChangedSinceIsStaleButOneForAnOlderVersionOfTheSameBoardIsNot() {
        playing();
        long seen = core.version;
        applied(move(Seat.X, 4, "m1"));
        refused(move(Seat.O, 0, "m2", seen), ErrorCode.STALE_VERSION);
        long board = core.version;
        applied(new Change.Spectators(1));
        assertThat(apply(move(Seat.O, 0, "m2", board))).isInstanceOf(Outcome.Applied.class);
    }

    @Test
    void aResentMoveIsUnchangedWithTheVersionItMade() {
        playing();
        long made = applied(move(Seat.X, 4, "m1")).version();
        applied(move(Seat.O, 0, "m2"));
        assertThat(apply(move(Seat.X, 4, "m1"))).isEqualTo(new Outcome.Unchanged(made));
    }

    @Test
    void thereIsNothingToTakeBackBeforeAMove() {
        playing();
        refused(said(Seat.X, new ClientMessage.Undo()), ErrorCode.NOTHING_TO_UNDO);
        applied(move(Seat.X, 4, "m1"));
        refused(said(Seat.O, new ClientMessage.Undo()), ErrorCode.NOTHING_TO_UNDO);
    }

    @Test
    void onlyAPendingRequestFromTheOpponentCanBeAnswered() {
        playing();
        applied(move(Seat.X, 4, "m1"));
        refused(said(Seat.O, new ClientMessage.UndoReply(true)), ErrorCode.NO_PENDING_REQUEST);
        applied(said(Seat.X, new ClientMessage.Undo()));
        refused(said(Seat.X, new ClientMessage.Undo()), ErrorCode.NO_PENDING_REQUEST);
        refused(said(Seat.X, new ClientMessage.UndoReply(true)), ErrorCode.NO_PENDING_REQUEST);
        Outcome.Applied undone = applied(said(Seat.O, new ClientMessage.UndoReply(true)));
        assertThat(undone.event()).isEqualTo(new Event.Undone(Seat.X, java.util.List.of(4)));
    }

    @Test
    void aClaimNeedsAnUntimedGameAndTheOpponentsTurn() {
        playing();
        refused(said(Seat.X, new ClientMessage.Claim()), ErrorCode.CLAIM_NOT_ALLOWED);
        core = new RoomCore(withClock("1m+0s"), IdleClaim.DEFAULT_AFTER);
        playing();
        refused(said(Seat.O, new ClientMessage.Claim()), ErrorCode.CLAIM_NOT_ALLOWED);
    }

    @Test
    void aBotIsNeverIdle() {
        applied(new Change.Seated(Seat.X, "ana", "t1"));
        applied(said(Seat.X, new ClientMessage.InviteBot(BotLevel.EASY, Seat.O)));
        applied(move(Seat.X, 4, "m1"));
        nanos += 3600 * SECOND;
        refused(said(Seat.X, new ClientMessage.Claim()), ErrorCode.CLAIM_NOT_ALLOWED);
    }

    @Test
    void aClaimBeforeTheIdleTimeIsTooEarly() {
        playing();
        applied(move(Seat.X, 4, "m1"));
        nanos += IdleClaim.DEFAULT_AFTER.toNanos() - 1;
        refused(said(Seat.X, new ClientMessage.Claim()), ErrorCode.CLAIM_TOO_EARLY);
        nanos += 1;
        assertThat(applied(said(Seat.X, new ClientMessage.Claim())).ended()).isTrue();
    }

    @Test
    void aRematchWaitsForTheGameToEnd() {
        playing();
        refused(said(Seat.X, new ClientMessage.Rematch()), ErrorCode.GAME_NOT_OVER);
        applied(said(Seat.X, new ClientMessage.Resign()));
        applied(said(Seat.X, new ClientMessage.Rematch()));
        assertThat(apply(said(Seat.X, new ClientMessage.Rematch())))
                .isInstanceOf(Outcome.Unchanged.class);
        assertThat(applied(said(Seat.O, new ClientMessage.Rematch())).started()).isTrue();
    }

    @Test
    void theClockEndsTheGameByACommandAndNothingCountsAfterIt() {
        core = new RoomCore(withClock("10s/move"), IdleClaim.DEFAULT_AFTER);
        playing();
        refused(new Change.TimedOut(), ErrorCode.GAME_OVER);
        nanos += 10 * SECOND;
        assertThat(core.outOfTime(nanos, 0)).isTrue();
        refused(move(Seat.X, 4, "m1"), ErrorCode.GAME_OVER);
        Outcome.Applied flagged = applied(new Change.TimedOut());
        assertThat(flagged.ended()).isTrue();
        assertThat(flagged.event()).isEqualTo(new Event.GameOver(Seat.O, ResultReason.TIMEOUT));
    }

    @Test
    void aMessageThatIsNoCommandToTheRulesIsRefused() {
        playing();
        refused(said(Seat.X, new ClientMessage.Sync(null)), ErrorCode.BAD_MESSAGE);
    }

    private static RoomSettings withClock(String clock) {
        return new RoomSettings(
                Rules.CLASSIC, Seat.X, Seat.X, true, true, null, TimeControl.parse(clock));
    }

    @Test
    void aRestartThatMovedNoShownTimeChangesNothing() {
        playing();
        long version = core.version;
        assertThat(apply(new Change.Resumed(0))).isEqualTo(new Outcome.Unchanged(version));
        assertThat(applied(new Change.Resumed(Duration.ofSeconds(5).toMillis())).event()).isNull();
    }
}
