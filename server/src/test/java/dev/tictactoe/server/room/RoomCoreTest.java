package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.time.Duration;

/** Every refusal of the room's core, one each, without an event loop; none changes the state. */
class RoomCoreTest {

    private static final long SECOND = 1_000_000_000L;

    private RoomCore core = new RoomCore(RoomSettings.classic(), IdleClaim.DEFAULT_AFTER);
    private long nanos;

    private Outcome apply(Change command) {
        return apply(command, null);
    }

    private Outcome apply(Change command, Long seen) {
        return core.apply(
                command, new RoomCore.Context(nanos, 1_700_000_000_000L + nanos / 1_000_000, seen));
    }

    private Outcome.Applied applied(Change command) {
        Outcome outcome = apply(command);
        assertThat(outcome).isInstanceOf(Outcome.Applied.class);
        return (Outcome.Applied) outcome;
    }

    /** Both seats taken by people: the first game runs, X to move. */
    private RoomCore playing() {
        applied(new Change.Seated(Mark.X, "ana", "t1"));
        assertThat(applied(new Change.Seated(Mark.O, "bo", "t2")).started()).isTrue();
        return core;
    }

    private void refused(Change command, ErrorCode code) {
        refused(command, null, code);
    }

    private void refused(Change command, Long seen, ErrorCode code) {
        String before = state(core);
        long version = core.version;
        Outcome outcome = apply(command, seen);
        assertThat(outcome)
                .isInstanceOfSatisfying(
                        Outcome.Refused.class, r -> assertThat(r.code()).isEqualTo(code));
        assertThat(core.version).isEqualTo(version);
        assertThat(state(core)).as("the state after a refusal").isEqualTo(before);
    }

    static String state(RoomCore core) {
        try {
            return MessageCodec.mapper().writeValueAsString(core.state(Match.KEPT_GAMES));
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aTakenSeatIsRefused() {
        applied(new Change.Seated(Mark.X, "ana", "t1"));
        refused(new Change.Seated(Mark.X, "bo", "t2"), ErrorCode.SEAT_TAKEN);
        refused(new Change.BotSeated(Mark.X, Level.EASY), ErrorCode.SEAT_TAKEN);
    }

    @Test
    void anEmptySeatCannotAct() {
        applied(new Change.Seated(Mark.X, "ana", "t1"));
        refused(new Change.Moved(Mark.O, 4, "m1"), ErrorCode.NOT_A_PLAYER);
        refused(new Change.Dropped(Mark.O, 1), ErrorCode.NOT_A_PLAYER);
        refused(new Change.Freed(Mark.O), ErrorCode.NOT_A_PLAYER);
    }

    @Test
    void nothingIsPlayedBeforeTheOpponentComes() {
        applied(new Change.Seated(Mark.X, "ana", "t1"));
        refused(new Change.Moved(Mark.X, 4, "m1"), ErrorCode.WAITING_FOR_OPPONENT);
        refused(new Change.Rematch(Mark.X), ErrorCode.WAITING_FOR_OPPONENT);
    }

    @Test
    void aFinishedGameTakesNoMove() {
        playing();
        applied(new Change.Resigned(Mark.O));
        refused(new Change.Moved(Mark.O, 4, "m1"), ErrorCode.GAME_OVER);
        refused(new Change.Resigned(Mark.X), ErrorCode.GAME_OVER);
    }

    @Test
    void outOfTurnIsRefused() {
        playing();
        refused(new Change.Moved(Mark.O, 4, "m1"), ErrorCode.NOT_YOUR_TURN);
    }

    @Test
    void aCellOffTheBoardIsRefused() {
        playing();
        refused(new Change.Moved(Mark.X, 9, "m1"), ErrorCode.OUT_OF_RANGE);
        refused(new Change.Moved(Mark.X, -1, "m1"), ErrorCode.OUT_OF_RANGE);
    }

    @Test
    void aTakenCellIsRefused() {
        playing();
        applied(new Change.Moved(Mark.X, 4, "m1"));
        refused(new Change.Moved(Mark.O, 4, "m2"), ErrorCode.CELL_TAKEN);
    }

    @Test
    void aMoveForAVersionNotYetReachedIsRefused() {
        playing();
        refused(new Change.Moved(Mark.X, 4, "m1"), core.version + 1, ErrorCode.VERSION_AHEAD);
    }

    @Test
    void aMoveMadeForABoardThatChangedSinceIsStaleButOneForAnOlderVersionOfTheSameBoardIsNot() {
        playing();
        long seen = core.version;
        applied(new Change.Moved(Mark.X, 4, "m1"));
        refused(new Change.Moved(Mark.O, 0, "m2"), seen, ErrorCode.STALE_VERSION);
        long board = core.version;
        applied(new Change.Spectators(1));
        assertThat(apply(new Change.Moved(Mark.O, 0, "m2"), board))
                .isInstanceOf(Outcome.Applied.class);
    }

    @Test
    void aResentMoveIsUnchangedWithTheVersionItMade() {
        playing();
        long made = applied(new Change.Moved(Mark.X, 4, "m1")).version();
        applied(new Change.Moved(Mark.O, 0, "m2"));
        assertThat(apply(new Change.Moved(Mark.X, 4, "m1"))).isEqualTo(new Outcome.Unchanged(made));
    }

    @Test
    void thereIsNothingToTakeBackBeforeAMove() {
        playing();
        refused(new Change.Undo(Mark.X), ErrorCode.NOTHING_TO_UNDO);
        applied(new Change.Moved(Mark.X, 4, "m1"));
        refused(new Change.Undo(Mark.O), ErrorCode.NOTHING_TO_UNDO);
    }

    @Test
    void onlyAPendingRequestFromTheOpponentCanBeAnswered() {
        playing();
        applied(new Change.Moved(Mark.X, 4, "m1"));
        refused(new Change.UndoAnswer(Mark.O, true), ErrorCode.NO_PENDING_REQUEST);
        applied(new Change.Undo(Mark.X));
        refused(new Change.Undo(Mark.X), ErrorCode.NO_PENDING_REQUEST);
        refused(new Change.UndoAnswer(Mark.X, true), ErrorCode.NO_PENDING_REQUEST);
        Outcome.Applied undone = applied(new Change.UndoAnswer(Mark.O, true));
        assertThat(undone.event()).isEqualTo(new Event.Undone(Seat.X, java.util.List.of(4)));
    }

    @Test
    void aClaimNeedsAnUntimedGameAndTheOpponentsTurn() {
        playing();
        refused(new Change.Claimed(Mark.X), ErrorCode.CLAIM_NOT_ALLOWED);
        core = new RoomCore(withClock("1m+0s"), IdleClaim.DEFAULT_AFTER);
        playing();
        refused(new Change.Claimed(Mark.O), ErrorCode.CLAIM_NOT_ALLOWED);
    }

    @Test
    void aBotIsNeverIdle() {
        applied(new Change.Seated(Mark.X, "ana", "t1"));
        applied(new Change.BotSeated(Mark.O, Level.EASY));
        applied(new Change.Moved(Mark.X, 4, "m1"));
        nanos += 3600 * SECOND;
        refused(new Change.Claimed(Mark.X), ErrorCode.CLAIM_NOT_ALLOWED);
    }

    @Test
    void aClaimBeforeTheIdleTimeIsTooEarly() {
        playing();
        applied(new Change.Moved(Mark.X, 4, "m1"));
        nanos += IdleClaim.DEFAULT_AFTER.toNanos() - 1;
        refused(new Change.Claimed(Mark.X), ErrorCode.CLAIM_TOO_EARLY);
        nanos += 1;
        assertThat(applied(new Change.Claimed(Mark.X)).ended()).isTrue();
    }

    @Test
    void aRematchWaitsForTheGameToEnd() {
        playing();
        refused(new Change.Rematch(Mark.X), ErrorCode.GAME_NOT_OVER);
        applied(new Change.Resigned(Mark.X));
        applied(new Change.Rematch(Mark.X));
        assertThat(apply(new Change.Rematch(Mark.X))).isInstanceOf(Outcome.Unchanged.class);
        assertThat(applied(new Change.Rematch(Mark.O)).started()).isTrue();
    }

    @Test
    void theClockEndsTheGameByACommandAndNothingCountsAfterIt() {
        core = new RoomCore(withClock("10s/move"), IdleClaim.DEFAULT_AFTER);
        playing();
        refused(new Change.TimedOut(), ErrorCode.GAME_OVER);
        nanos += 10 * SECOND;
        assertThat(core.outOfTime(nanos, 0)).isTrue();
        refused(new Change.Moved(Mark.X, 4, "m1"), ErrorCode.GAME_OVER);
        Outcome.Applied flagged = applied(new Change.TimedOut());
        assertThat(flagged.ended()).isTrue();
        assertThat(flagged.event()).isEqualTo(new Event.GameOver(Seat.O, ResultReason.TIMEOUT));
    }

    private static RoomSettings withClock(String clock) {
        return new RoomSettings(
                Rules.CLASSIC, Mark.X, Mark.X, true, true, null, TimeControl.parse(clock));
    }

    @Test
    void aRestartThatMovedNoShownTimeChangesNothing() {
        playing();
        long version = core.version;
        assertThat(apply(new Change.Resumed(0))).isEqualTo(new Outcome.Unchanged(version));
        assertThat(applied(new Change.Resumed(Duration.ofSeconds(5).toMillis())).event()).isNull();
    }
}
