package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Threat-space search: wins by fours and threes found, and the opponent's refuted. */
class ThreatsTest {

    private static final long NODES = 1_000_000;
    private static final Rules GOMOKU = new Rules(15, 5);
    private final Bot bot = new Bot();

    @Test
    void findsADoubleFourInOne() {
        PatternBoard b =
                board(
                        0,
                        "......O........",
                        "......X........",
                        "......X........",
                        "......X........",
                        "..OXXX.........");
        Threats t = new Threats(b);
        assertThat(t.vcf(8, NODES, Long.MAX_VALUE)).isTrue();
        assertThat(t.firstMove).isEqualTo(4 * 15 + 6);
    }

    @Test
    void findsAChainOfFours() {
        // (7,8): a four in row 7 (O at the left end) and an open three in column 8; after the
        // forced block at (7,9) the column becomes an open four.
        PatternBoard b =
                board(
                        0,
                        "O.............O",
                        "...............",
                        "...............",
                        "...............",
                        "...............",
                        "........X......",
                        "........X......",
                        "....OXXX.......",
                        "...............",
                        "...............",
                        "...............",
                        "...............",
                        "...............",
                        "...............",
                        "O.............O");
        Threats t = new Threats(b);
        assertThat(t.vcf(8, NODES, Long.MAX_VALUE)).isTrue();
        assertThat(t.firstMove).isEqualTo(7 * 15 + 8);
        assertThat(NaiveFours.wins(grid(b), 15, 5, 0, 8)).isTrue();
        assertThat(NaiveFours.wins(grid(b), 15, 5, 0, 0)).as("not by one four").isFalse();
    }

    @Test
    void agreesWithANaiveSearchOfFoursOnRandomPositions() {
        SplittableRandom random = new SplittableRandom(7);
        int wins = 0;
        for (int i = 0; i < 300; i++) {
            PatternBoard b = randomPosition(random, 16 + random.nextInt(20));
            if (b == null) {
                continue;
            }
            Threats t = new Threats(b);
            boolean found = t.vcf(4, NODES, Long.MAX_VALUE);
            assertThat(t.aborted).isFalse();
            assertThat(found)
                    .as("VCF after %s", moves(b))
                    .isEqualTo(NaiveFours.wins(grid(b), 15, 5, b.side, 4));
            if (found) {
                wins++;
                // The first move is a real start: after it and the forced block the win remains.
                b.play(t.firstMove);
                assertThat(NaiveFours.defenderLoses(grid(b), 15, 5, b.side, 4)).isTrue();
                b.undo();
            }
        }
        assertThat(wins).as("positions with a win by fours").isGreaterThan(10);
    }

    @Test
    void findsAWinByThreesAndFours() {
        // (7,8) makes open threes in row 7 and column 8 at once.
        PatternBoard b =
                board(
                        0,
                        "O..............",
                        ".............O.",
                        "...............",
                        "...............",
                        "...............",
                        "........X......",
                        "........X......",
                        "......XX.......",
                        "...............",
                        "...............",
                        "...............",
                        "...............",
                        "...............",
                        "...............",
                        "O.............O");
        Threats t = new Threats(b);
        assertThat(t.vcf(8, NODES, Long.MAX_VALUE)).isFalse();
        assertThat(t.vct(4, NODES, Long.MAX_VALUE)).isTrue();
        assertThat(t.firstMove).isEqualTo(7 * 15 + 8);
    }

    @Test
    void answersAnOpenThreeOnlyOnItsLineOrWithAFour() {
        // X's open three in row 7 (open four at (7,4) or (7,8)). X's split three in column 12
        // makes fours at (5,12) and (7,12), the second in row 7 but not along it: neither stops
        // the three. O has a closed three in row 11, so fours of its own at (11,5) and (11,6).
        PatternBoard b =
                board(
                        1,
                        "...............",
                        "...............",
                        "............O..",
                        "............X..",
                        "............X..",
                        "...............",
                        "............X..",
                        ".....XXX.......",
                        "...............",
                        "...............",
                        "...............",
                        ".XOOO..........",
                        "...............");
        ThreatMoves t = new ThreatMoves(b);
        int[] out = new int[b.cells];
        int n = t.defences(0, 1, out, new int[b.cells]);
        java.util.Set<Integer> cells = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
            cells.add(out[i]);
        }
        // On the line: both ends and the cells beyond them; O's own fours: (11,5), (11,6).
        assertThat(cells)
                .containsExactlyInAnyOrder(
                        cell(7, 3), cell(7, 4), cell(7, 8), cell(7, 9), cell(11, 5), cell(11, 6));
    }

    @Test
    void rememberingFailedAttacksChangesNoAnswer() {
        SplittableRandom random = new SplittableRandom(11);
        Threats shared = null;
        PatternBoard sharedBoard = null;
        int wins = 0;
        for (int i = 0; i < 150; i++) {
            PatternBoard b = randomPosition(random, 14 + random.nextInt(16));
            if (b == null) {
                continue;
            }
            boolean fresh = new Threats(b).vct(4, NODES, Long.MAX_VALUE);
            // The same board object searched again by one instance that has seen other positions.
            if (shared == null || sharedBoard != b) {
                sharedBoard = b;
                shared = new Threats(b);
                shared.vcf(8, NODES, Long.MAX_VALUE);
                shared.vct(2, NODES, Long.MAX_VALUE);
            }
            assertThat(shared.vct(4, NODES, Long.MAX_VALUE))
                    .as("VCT after %s", moves(b))
                    .isEqualTo(fresh);
            assertThat(shared.vct(4, NODES, Long.MAX_VALUE))
                    .as("again after %s", moves(b))
                    .isEqualTo(fresh);
            wins += fresh ? 1 : 0;
        }
        assertThat(wins).as("positions with a win by threats").isGreaterThan(5);
    }

    @Test
    void theLineOfAWinByFoursPlaysOutToFive() {
        SplittableRandom random = new SplittableRandom(5);
        int checked = 0;
        for (int i = 0; i < 300 && checked < 10; i++) {
            PatternBoard b = randomPosition(random, 16 + random.nextInt(20));
            if (b == null) {
                continue;
            }
            Threats t = new Threats(b);
            if (!t.vcf(8, NODES, Long.MAX_VALUE)) {
                continue;
            }
            int attacker = b.side;
            int[] line = java.util.Arrays.copyOf(t.line, t.lineLength);
            assertThat(line[0]).isEqualTo(t.firstMove);
            // Attacker moves and forced blocks alternate; the last cell is a five or an open four.
            for (int j = 0; j < line.length - 1; j++) {
                assertThat(b.stone[line[j]]).as("cell %d of the line is empty", j).isZero();
                if (j % 2 == 1) {
                    assertThat(b.best(attacker, line[j]))
                            .as("a forced block")
                            .isEqualTo(Patterns.FIVE);
                }
                b.play(line[j]);
            }
            int last = line[line.length - 1];
            assertThat(b.best(attacker, last) == Patterns.FIVE || b.makesOpenFour(attacker, last))
                    .as("the line ends in a win")
                    .isTrue();
            checked++;
        }
        assertThat(checked).isEqualTo(10);
    }

    @Test
    void hardRefutesTheOpponentsDoubleFour() {
        // O threatens (4,6): four in column 6 and four in row 4 at once. X has nothing.
        Board board =
                replay(
                        Seat.O,
                        new int[] {
                            cell(1, 6), cell(2, 6), cell(3, 6), cell(4, 3), cell(4, 4), cell(4, 5)
                        },
                        new int[] {cell(0, 6), cell(4, 2), cell(14, 0), cell(14, 14), cell(0, 14)});
        for (long seed = 0; seed < 4; seed++) {
            BotMove move = bot.chooseWithNodes(board, BotLevel.HARD, 50_000, seed);
            Board after = board.copy();
            after.play(move.cell());
            assertThat(NaiveFours.wins(grid(after), 15, 5, 1, 6))
                    .as("O still wins after %s", move)
                    .isFalse();
        }
    }

    @Test
    void hardAndMediumStopAnOpenThree() {
        // O has an open three in row 7; X must take an end (or the next cell out) now.
        Board board =
                replay(
                        Seat.O,
                        new int[] {cell(7, 5), cell(7, 6), cell(7, 7)},
                        new int[] {cell(0, 0), cell(0, 14)});
        for (BotLevel level : new BotLevel[] {BotLevel.MEDIUM, BotLevel.HARD}) {
            BotMove move = bot.chooseWithNodes(board, level, 50_000, 1);
            assertThat(move.cell())
                    .as("%s", level)
                    .isIn(cell(7, 4), cell(7, 8), cell(7, 3), cell(7, 9));
        }
    }

    @Test
    void sameSeedSameMovesAtEveryLevel() {
        for (BotLevel level : BotLevel.values()) {
            assertThat(selfPlay(level, 11)).as("%s", level).isEqualTo(selfPlay(level, 11));
        }
        assertThat(selfPlay(BotLevel.EASY, 11)).isNotEqualTo(selfPlay(BotLevel.EASY, 12));
    }

    private String selfPlay(BotLevel level, long seed) {
        Board board = new Board(GOMOKU);
        Bot fresh = new Bot();
        while (!board.isOver() && board.moveCount() < 24) {
            BotMove m =
                    level == BotLevel.EASY || level == BotLevel.MEDIUM
                            ? fresh.choose(board, level, Duration.ZERO, seed)
                            : fresh.chooseWithNodes(board, level, 5_000, seed);
            board.play(m.cell());
        }
        return java.util.Arrays.toString(board.moves());
    }

    static int cell(int row, int col) {
        return GOMOKU.cell(row, col);
    }

    // The stones of `first` and of the other side, alternating, on 15x15 (the longer list first).
    static Board replay(Seat first, int[] firstStones, int[] secondStones) {
        Board board = new Board(GOMOKU, first);
        for (int i = 0; i < firstStones.length; i++) {
            board.play(firstStones[i]);
            if (i < secondStones.length) {
                board.play(secondStones[i]);
            }
        }
        return board;
    }

    /** A 15x15 position from rows of '.', 'X', 'O' (missing rows empty), {@code toMove} to play. */
    static PatternBoard board(int toMove, String... rows) {
        PatternBoard b = new PatternBoard(Rules.GOMOKU, 0);
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < rows[r].length(); c++) {
                char ch = rows[r].charAt(c);
                if (ch == 'X' || ch == 'O') {
                    if ((b.side == 0) != (ch == 'X')) {
                        b.pass();
                    }
                    b.play(r * 15 + c);
                }
            }
        }
        if (b.side != toMove) {
            b.pass();
        }
        return b;
    }

    static int[] grid(PatternBoard b) {
        int[] g = new int[b.cells];
        for (int c = 0; c < b.cells; c++) {
            g[c] = b.stone[c];
        }
        return g;
    }

    static int[] grid(Board board) {
        int[] g = new int[board.rules().cells()];
        for (int c = 0; c < g.length; c++) {
            Seat m = board.at(c);
            g[c] = m == null ? 0 : m == Seat.X ? 1 : 2;
        }
        return g;
    }

    // Clustered random stones, no five on the board and no five-threat for the side not to move.
    private static PatternBoard randomPosition(SplittableRandom random, int stones) {
        PatternBoard b = new PatternBoard(Rules.GOMOKU, 0);
        while (b.moveCount < stones) {
            int c =
                    cell(
                            Math.clamp(7 + random.nextInt(-3, 4), 0, 14),
                            Math.clamp(7 + random.nextInt(-3, 4), 0, 14));
            if (b.stone[c] != 0) {
                continue;
            }
            if (b.best(b.side, c) == Patterns.FIVE) {
                return null;
            }
            b.play(c);
        }
        return b.canWin(1 - b.side) || b.canWin(b.side) ? null : b;
    }

    // The moves that made a search position, to name it in a failure.
    private static String moves(SearchBoard b) {
        return Arrays.toString(Arrays.copyOf(b.moves, b.moveCount));
    }
}
