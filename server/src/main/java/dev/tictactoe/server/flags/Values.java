package dev.tictactoe.server.flags;

import static dev.tictactoe.server.flags.Defaults.NONE;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.server.logging.LogFormat;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/** How a flag's text becomes a value; {@link Defaults#NONE} or blank is null where optional. */
public final class Values {
    private Values() {}

    /** Registers every converter on {@code cli}, whose options take them by their field's type. */
    public static void register(CommandLine cli) {
        cli.registerConverter(Duration.class, Values::duration);
        cli.registerConverter(Long.class, noneOr(Values::integer));
        cli.registerConverter(
                Integer.class,
                noneOr(
                        text -> {
                            long number = integer(text);
                            if (number != (int) number) {
                                throw new TypeConversionException("'" + text + "' is out of range");
                            }
                            return (int) number;
                        }));
        cli.registerConverter(Path.class, noneOr(text -> Path.of(text.strip())));
        cli.registerConverter(Character.class, noneOr(Values::nodeChar));
        cli.registerConverter(URI.class, noneOr(Values::redis));
        cli.registerConverter(LogFormat.class, Values::logFormat);
    }

    /** The one duration grammar: "30s", "500ms", "2m", "PT30S" (see {@link Durations}). */
    public static Duration duration(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    private static <T> ITypeConverter<@Nullable T> noneOr(ITypeConverter<T> some) {
        return text ->
                text.isBlank() || text.strip().equalsIgnoreCase(NONE) ? null : some.convert(text);
    }

    private static long integer(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not an integer (or " + NONE + ")");
        }
    }

    /** One character of the room-code alphabet, in any case. */
    private static Character nodeChar(String text) {
        String upper = text.strip().toUpperCase(Locale.ROOT);
        if (upper.length() != 1 || RoomCode.ALPHABET.indexOf(upper.charAt(0)) < 0) {
            throw new TypeConversionException(
                    "'" + text + "' is not one character of " + RoomCode.ALPHABET);
        }
        return upper.charAt(0);
    }

    /** Case and spaces forgiven. */
    private static LogFormat logFormat(String text) {
        try {
            return LogFormat.valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(
                    "'" + text + "' is not a log format (use text or json)");
        }
    }

    private static URI redis(String text) {
        try {
            URI uri = new URI(text.strip());
            if ("redis".equals(uri.getScheme()) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // answered below
        }
        throw new TypeConversionException("'" + text + "' is not redis://host:port");
    }
}
