package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Boards;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.SplittableRandom;

/** The bot's window bookkeeping agrees with the engine move by move, forwards and back. */
class PositionTest {

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"3,3", "4,3", "4,4", "5,4", "6,4", "7,4", "9,5", "15,5", "19,19", "8,8"})
    void agreesWithTheEngineOnRandomGames(int size, int k) {
        Rules rules = new Rules(size, k);
        SplittableRandom random = new SplittableRandom(size * 31L + k);
        for (int game = 0; game < 20; game++) {
            Board board = new Board(rules, game % 2 == 0 ? Seat.X : Seat.O);
            Position pos = Position.of(board);
            long emptyHash = pos.hash();
            while (!board.isOver()) {
                int side = board.toMove().ordinal();
                assertThat(pos.side).isEqualTo(side);
                assertThreatsMatch(board, pos);
                assertThat(pos.open[0] == 0 && pos.open[1] == 0)
                        .isEqualTo(Boards.isDeadDraw(board));
                int cell = randomEmpty(board, random);
                boolean won = board.play(cell);
                pos.play(cell);
                assertThat(pos.won).isEqualTo(won);
            }
            long[] hashes = pos.hashes.clone();
            int eval = pos.eval;
            // Undo everything and replay: the bookkeeping must come back exactly.
            int moves = pos.moveCount;
            for (int i = 0; i < moves; i++) {
                pos.undo();
            }
            assertThat(pos.hash()).isEqualTo(emptyHash);
            assertThat(pos.eval).isZero();
            assertThat(pos.open).containsExactly(pos.lines.windows, pos.lines.windows);
            assertThat(
                            pos.fours[0].size
                                    + pos.fours[1].size
                                    + pos.threes[0].size
                                    + pos.threes[1].size)
                    .isZero();
            for (int cell : board.moves()) {
                pos.play(cell);
            }
            assertThat(pos.hashes).containsExactly(hashes);
            assertThat(pos.eval).isEqualTo(eval);
        }
    }

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"3,3", "4,4", "5,4"})
    void symmetricPositionsShareTheCanonicalHash(int size, int k) {
        Rules rules = new Rules(size, k);
        Lines lines = Lines.of(rules);
        SplittableRandom random = new SplittableRandom(7);
        for (int game = 0; game < 20; game++) {
            int[] moves = new int[random.nextInt(1, size * size)];
            Board board = new Board(rules);
            for (int i = 0; i < moves.length && !board.isOver(); i++) {
                moves[i] = randomEmpty(board, random);
                board.play(moves[i]);
            }
            Position pos = Position.of(board);
            long canonical = pos.hashes[pos.canonicalSymmetry()];
            for (int s = 0; s < 8; s++) {
                Position image = new Position(lines, 0);
                for (int cell : board.moves()) {
                    image.play(lines.sym[s][cell]);
                }
                assertThat(image.hashes[image.canonicalSymmetry()]).isEqualTo(canonical);
                assertThat(image.hash()).isEqualTo(pos.hashes[s]);
            }
        }
    }

    private static void assertThreatsMatch(Board board, Position pos) {
        for (Seat mark : Seat.values()) {
            int side = mark.ordinal();
            int[] cells = new int[board.rules().cells()];
            int n = pos.winningCells(side, cells, cells.length);
            int expected = 0;
            for (int c = 0; c < board.rules().cells(); c++) {
                if (board.isEmpty(c) && Boards.wouldWin(board, c, mark)) {
                    expected++;
                    assertThat(java.util.Arrays.copyOf(cells, n)).contains(c);
                }
            }
            assertThat(n).isEqualTo(expected);
        }
    }

    static int randomEmpty(Board board, SplittableRandom random) {
        int[] cells = new int[board.rules().cells()];
        int n = board.legalMoves(cells);
        return cells[random.nextInt(n)];
    }
}
