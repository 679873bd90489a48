package dev.tictactoe.server.bot;

/** What a stone on an empty cell makes over its four lines, weakest first, by Evaluation key. */
final class Combo {
    static final int NONE = 0;
    static final int THREE = 1;
    static final int FOUR = 2;
    static final int DOUBLE_THREE = 3;
    static final int FOUR_THREE = 4;
    static final int OPEN_FOUR = 5; // a win next move: an open four or two fours

    static final int FIVE = 6;
    static final int COUNT = 7;

    /** The combination of each {@link Evaluation} key. */
    static final byte[] OF_KEY = new byte[Evaluation.KEYS];

    static {
        for (int key = 0; key < Evaluation.KEYS; key++) {
            int fives = 0;
            int fours = 0;
            int threes = 0;
            for (int d = 0; d < 4; d++) {
                int code = Evaluation.code(key, d);
                fives += code == Patterns.FIVE ? 1 : 0;
                fours += code == Patterns.OPEN_FOUR ? 2 : code == Patterns.FOUR ? 1 : 0;
                threes += code == Patterns.OPEN_THREE ? 1 : 0;
            }
            OF_KEY[key] = (byte) of(fives, fours, threes);
        }
    }

    private Combo() {}

    private static int of(int fives, int fours, int threes) {
        if (fives > 0) {
            return FIVE;
        }
        if (fours >= 2) {
            return OPEN_FOUR;
        }
        if (fours == 1) {
            return threes > 0 ? FOUR_THREE : FOUR;
        }
        return threes >= 2 ? DOUBLE_THREE : threes == 1 ? THREE : NONE;
    }
}
