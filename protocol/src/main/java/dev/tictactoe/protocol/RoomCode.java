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
        // Spaces and dashes are grouping people type ("K7M Q2P"), never part of a code.
        return Optional.ofNullable(typed)
                .map(t -> SEPARATORS.matcher(t).replaceAll("").toUpperCase(Locale.ROOT))
                .map(t -> t.replace('O', '0').replace('I', '1').replace('L', '1'))
                .filter(c -> c.length() == LENGTH)
                .filter(c -> c.chars().allMatch(ch -> ALPHABET.indexOf(ch) >= 0));
    }
}
