package dev.tictactoe.server.flags;

import static dev.tictactoe.server.flags.Defaults.NONE;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.RoomCode;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/** How a flag's text becomes a setting's value, for the types picocli does not read as we want. */
public final class Values {
    private Values() {}

    /** The one duration grammar: "30s", "500ms", "2m", "PT30S" (see {@link Durations}). */
    public static Duration duration(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    private static boolean none(String text) {
        return text.isBlank() || text.strip().equalsIgnoreCase(NONE);
    }

    /** Reads an integer, or {@link Defaults#NONE} (any case) for none. */
    static final class NoneOrLong implements ITypeConverter<Long> {
        @Override
        public @Nullable Long convert(String value) {
            if (none(value)) {
                return null;
            }
            try {
                return Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                throw new TypeConversionException(
                        "'" + value + "' is not an integer (or " + NONE + ")");
            }
        }
    }

    /** Reads an int, or {@link Defaults#NONE} (any case) for none. */
    static final class NoneOrInt implements ITypeConverter<Integer> {
        @Override
        public @Nullable Integer convert(String value) {
            Long number = new NoneOrLong().convert(value);
            if (number != null && (number < Integer.MIN_VALUE || number > Integer.MAX_VALUE)) {
                throw new TypeConversionException("'" + value + "' is out of range");
            }
            return number == null ? null : number.intValue();
        }
    }

    /** Reads a directory, or {@link Defaults#NONE} for none. */
    static final class NoneOrPath implements ITypeConverter<Path> {
        @Override
        public @Nullable Path convert(String value) {
            return none(value) ? null : Path.of(value.strip());
        }
    }

    /** Reads one character of the room-code alphabet (any case), or {@link Defaults#NONE}. */
    static final class NodeChar implements ITypeConverter<Character> {
        @Override
        public @Nullable Character convert(String value) {
            if (none(value)) {
                return null;
            }
            String upper = value.strip().toUpperCase(Locale.ROOT);
            if (upper.length() != 1 || RoomCode.ALPHABET.indexOf(upper.charAt(0)) < 0) {
                throw new TypeConversionException(
                        "'" + value + "' is not one character of " + RoomCode.ALPHABET);
            }
            return upper.charAt(0);
        }
    }

    /** Reads redis://host:port, or {@link Defaults#NONE} for none. */
    static final class RedisUri implements ITypeConverter<URI> {
        @Override
        public @Nullable URI convert(String value) {
            if (none(value)) {
                return null;
            }
            try {
                URI uri = new URI(value.strip());
                if ("redis".equals(uri.getScheme()) && uri.getHost() != null) {
                    return uri;
                }
            } catch (URISyntaxException e) {
                // answered below
            }
            throw new TypeConversionException("'" + value + "' is not redis://host:port");
        }
    }
}
