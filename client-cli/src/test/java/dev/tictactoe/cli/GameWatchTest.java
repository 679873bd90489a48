package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.junit.jupiter.api.Test;

import java.util.List;

class GameWatchTest {
    private static final Snapshot.Result RESIGNED =
            new Snapshot.Result(Seat.X, ResultReason.RESIGN, List.of());

    private static Snapshot over(Snapshot.Player o) {
        return Snapshots.of(
                RoomStatus.OVER, null, List.of("X..", "...", "..."), 0, RESIGNED, Snapshots.ANA, o);
    }

    @Test
    void theResultNamesThePlayersOfTheStateBeforeItEnded() {
        GameWatch games = new GameWatch();
        Snapshot playing = Snapshots.playing(Seat.O, "X..", "...", "...");
        games.passed(playing);
        assertThat(games.before()).isSameAs(playing);
        assertThat(games.namesOfResult(playing)).isSameAs(playing);
        // O resigned and left in one diff: the seat is empty now, but the result names ben.
        Snapshot ended = over(null);
        games.passed(ended);
        assertThat(games.namesOfResult(ended)).isSameAs(playing);
        Snapshot later = over(Snapshots.BOT);
        games.passed(later);
        assertThat(games.namesOfResult(later)).as("kept while the game is over").isSameAs(playing);
    }

    @Test
    void aGameThatIsOverWhenFirstSeenNamesItsOwnPlayers() {
        GameWatch games = new GameWatch();
        Snapshot ended = over(Snapshots.BEN);
        games.passed(ended);
        assertThat(games.namesOfResult(ended)).isSameAs(ended);
        assertThat(games.namesOfResult(null)).isNull();
    }

    @Test
    void eachFinishedGameIsReportedOnce() {
        GameWatch games = new GameWatch();
        assertThat(games.newlyOver(null)).isFalse();
        assertThat(games.newlyOver(Snapshots.playing(Seat.X, "...", "...", "..."))).isFalse();
        assertThat(games.newlyOver(over(Snapshots.BEN))).isTrue();
        assertThat(games.newlyOver(over(Snapshots.BEN))).isFalse();
    }
}
