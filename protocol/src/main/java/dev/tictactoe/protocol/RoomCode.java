package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

import java.util.Locale;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/** Six characters of Crockford's base 32; lower case and look-alikes (O, I, L) are read too. */
public final class RoomCode {

    public static final int LENGTH = 6;
    public static final String ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private static final Pattern SEPARATORS = Pattern.compile("[\\s-]+");

    private final RandomGenerator random;

    public RoomCode(RandomGenerator random) {
        this.random = random;
    }

    /** A fresh random code (uniqueness is the registry's job). */
    public String next() {
        char[] code = new char[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            code[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
        }
        return new String(code);
    }

    /** The canonical form of a typed code, or empty if it cannot be a code. */
    public static Optional<String> normalize(@Nullable String typed) {
        if (typed == null) {
            return Optional.empty();
        }
        // Spaces and dashes are grouping people type ("K7M Q2P"), never part of a code.
        String upper = SEPARATORS.matcher(typed).replaceAll("").toUpperCase(Locale.ROOT);
        if (upper.length() != LENGTH) {
            return Optional.empty();
        }
        char[] code = new char[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            char c =
                    switch (upper.charAt(i)) {
                        case 'O' -> '0';
                        case 'I', 'L' -> '1';
                        default -> upper.charAt(i);
                    };
            if (ALPHABET.indexOf(c) < 0) {
                return Optional.empty();
            }
            code[i] = c;
        }
        return Optional.of(new String(code));
    }
}
