package dev.tictactoe.bench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.util.List;

/** The loss audit reads the games A lost from a match's output and names where each was lost. */
class LossAuditTest {

    private static final Rules RULES = new Rules(15, 5);
    private static final long NODES = 20_000;

    @Test
    void readsOnlyTheGamesALost() {
        List<LossAudit.LostGame> games =
                LossAudit.lostGames(
                        List.of(
                                "game 1, A is X, X wins: 1. h8 a15 2. i8 o1",
                                "...............",
                                "game 2, A is O, X wins: 1. h8 a15 2. i8",
                                "game 3, A is X, draw: 1. h8 a15"),
                        RULES);
        assertThat(games).hasSize(1);
        assertThat(games.get(0).header()).isEqualTo("game 2, A is O, X wins");
        assertThat(games.get(0).a()).isEqualTo(Seat.O);
        assertThat(games.get(0).cells())
                .containsExactly(
                        Notation.cell(RULES, "h8"),
                        Notation.cell(RULES, "a15"),
                        Notation.cell(RULES, "i8"));
    }

    @Test
    void anOpenThreeLeftStandingIsAWinLetThrough() {
        // O answers X's open three (h8 i8 j8) in a corner at ply 5, while g8 or k8 would hold.
        LossAudit.Verdict v = judge("A is O, X wins: 1. h8 a15 2. i8 o1 3. j8 a1 4. k8 o15 5. l8");
        assertThat(v.category()).isEqualTo("let through");
        assertThat(v.ply()).isEqualTo(5);
        assertThat(v.text()).isEqualTo("let through at ply 5 (played a1)");
    }

    @Test
    void anOpenThreeNotExtendedIsAMissedWin() {
        // X could make an open four from h8 i8 j8 at ply 6 and plays in a corner instead.
        LossAudit.Verdict v =
                judge("A is X, O wins: 1. h8 a1 2. i8 a2 3. j8 a3 4. o15 a4 5. o13 a5");
        assertThat(v.category()).isEqualTo("missed win");
        assertThat(v.ply()).isEqualTo(6);
        assertThat(v.text()).isEqualTo("missed win by fours at ply 6 (played o15)");
    }

    @Test
    void aWinKeptIsMissedOnlyWhereItIsLetGo() {
        // At ply 6 X makes the open four, keeping the win; at ply 8 it plays in a corner.
        LossAudit.Verdict v =
                judge("A is X, O wins: 1. h8 a1 2. i8 a2 3. j8 a3 4. k8 a4 5. o15 a5");
        assertThat(v.text()).isEqualTo("missed win by fours at ply 8 (played o15)");
    }

    private static LossAudit.Verdict judge(String game) {
        List<LossAudit.LostGame> games = LossAudit.lostGames(List.of("game 1, " + game), RULES);
        assertThat(games).hasSize(1);
        return LossAudit.judge(games.get(0), RULES, NODES);
    }
}
