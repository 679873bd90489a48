package dev.tictactoe.server.bot;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Objects;
import java.util.Properties;

/** The gomoku evaluation ({@code gomoku-eval.txt}): cells' worths by their codes, threats. */
final class Evaluation {

    /** Table index of a cell: its four codes as base-9 digits, line d at 9^d. */
    static final int KEYS = Patterns.COUNT * Patterns.COUNT * Patterns.COUNT * Patterns.COUNT;

    static final int[] DIGIT = {1, Patterns.COUNT, Patterns.COUNT * Patterns.COUNT, KEYS / 9};

    static int code(int key, int d) {
        return key / DIGIT[d] % Patterns.COUNT;
    }

    /** The tables hold sixteenths, so the small worths of common cells do not round away. */
    static final int SCALE = 16;

    // A cell's worth by key, in SCALEths, to the side to move and to the other side.
    static final int[] MOVER = new int[KEYS];
    static final int[] WAITER = new int[KEYS];

    /** MOVER in whole units and never below 0: how moves are ordered. */
    static final int[] ORDER = new int[KEYS];

    /** The threat terms, as bits of {@link #threats}. */
    static final String[] THREAT_NAMES = {
        "myFour",
        "threeToAnswerWithFour",
        "threeToAnswer",
        "fourThreeAgainstFours",
        "fourThree",
        "doubleThreeAgainstFours",
        "doubleThree",
        "theirCombo",
        "theirCombos"
    };

    private static final int MY_FOUR = 1;
    private static final int THREE_TO_ANSWER_WITH_FOUR = 1 << 1;
    private static final int THREE_TO_ANSWER = 1 << 2;
    private static final int FOUR_THREE_AGAINST_FOURS = 1 << 3;
    private static final int FOUR_THREE = 1 << 4;
    private static final int DOUBLE_THREE_AGAINST_FOURS = 1 << 5;
    private static final int DOUBLE_THREE = 1 << 6;
    private static final int THEIR_COMBO = 1 << 7;
    private static final int THEIR_COMBOS = 1 << 8;
    static final int[] THREAT = new int[THREAT_NAMES.length];
    static final int TEMPO; // the value of having the move, all else equal

    static {
        Properties w = load();
        for (int key = 0; key < KEYS; key++) {
            String cell = ".cell." + sortedCodes(key);
            MOVER[key] = (int) Math.round(weight(w, "mover" + cell) * SCALE);
            WAITER[key] = (int) Math.round(weight(w, "waiter" + cell) * SCALE);
            ORDER[key] = Math.max(0, MOVER[key]) / SCALE;
        }
        for (int t = 0; t < THREAT.length; t++) {
            THREAT[t] = (int) Math.round(weight(w, THREAT_NAMES[t]));
        }
        TEMPO = (int) Math.round(weight(w, "tempo"));
    }

    private Evaluation() {}

    static int of(PatternBoard b) {
        int me = b.side;
        int v = (b.moverWorth[me] + b.waiterWorth[1 - me]) / SCALE + TEMPO;
        for (int bits = threats(b); bits != 0; bits &= bits - 1) {
            v += THREAT[Integer.numberOfTrailingZeros(bits)];
        }
        return v;
    }

    /** The threat terms of {@code b} for its side to move, one bit per name. */
    static int threats(PatternBoard b) {
        int me = b.side;
        int op = 1 - me;
        int[] mine = b.comboCount[me];
        int[] theirs = b.comboCount[op];
        boolean myFours = b.count[me][Patterns.FOUR] > 0;
        boolean theirFours = b.count[op][Patterns.FOUR] > 0;
        int bits = myFours ? MY_FOUR : 0;
        if (b.count[op][Patterns.OPEN_FOUR] > 0) {
            bits |= myFours ? THREE_TO_ANSWER_WITH_FOUR : THREE_TO_ANSWER;
        } else if (mine[Combo.OPEN_FOUR] + mine[Combo.FOUR_THREE] > 0) {
            bits |= theirFours ? FOUR_THREE_AGAINST_FOURS : FOUR_THREE;
        } else if (mine[Combo.DOUBLE_THREE] > 0) {
            bits |= theirFours ? DOUBLE_THREE_AGAINST_FOURS : DOUBLE_THREE;
        }
        int theirCombos =
                theirs[Combo.OPEN_FOUR] + theirs[Combo.FOUR_THREE] + theirs[Combo.DOUBLE_THREE];
        if (theirCombos > 0) {
            bits |= theirCombos > 1 ? THEIR_COMBOS : THEIR_COMBO;
        }
        return bits;
    }

    /** The key's four codes, strongest first, as "a.b.c.d": how a cell is named in the weights. */
    static String sortedCodes(int key) {
        int[] codes = {code(key, 0), code(key, 1), code(key, 2), code(key, 3)};
        Arrays.sort(codes);
        return codes[3] + "." + codes[2] + "." + codes[1] + "." + codes[0];
    }

    // "name value" lines, '#' comments: the format of a properties file.
    private static Properties load() {
        Properties w = new Properties();
        InputStream resource = Evaluation.class.getResourceAsStream("gomoku-eval.txt");
        try (InputStream in = Objects.requireNonNull(resource, "gomoku-eval.txt is missing")) {
            w.load(in); // read as Latin-1: the weights are ASCII
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w;
    }

    private static double weight(Properties w, String name) {
        return Double.parseDouble(w.getProperty(name, "0"));
    }
}
