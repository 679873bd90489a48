package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

import java.util.List;

/** The checks records make of their own fields, each refusal naming the field. */
final class FieldChecks {
    private FieldChecks() {}

    static boolean isMoveIdLength(String text) {
        return !text.isEmpty() && text.length() <= Protocol.MAX_MOVE_ID_LENGTH;
    }

    static void moveId(String field, String id) {
        present(field, id, "a string");
        if (!isMoveIdLength(id)) {
            throw Json.bad(
                    field,
                    "expected 1.."
                            + Protocol.MAX_MOVE_ID_LENGTH
                            + " characters, got "
                            + id.length());
        }
    }

    static void present(String field, @Nullable Object value, String expected) {
        if (value == null) {
            throw Json.bad(field, "expected " + expected + ", got null");
        }
    }

    /** {@code value} is {@code min..max}; a field bounded only by its type says ">= min". */
    static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            boolean open = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
            String range = open && value < min ? ">= " + min : min + ".." + max;
            throw Json.bad(field, "expected an integer " + range + ", got " + value);
        }
    }

    static void range(String field, @Nullable Long value, long min, long max) {
        if (value != null) {
            range(field, value.longValue(), min, max);
        }
    }

    static void ranges(String field, List<Integer> values, long min, long max) {
        for (int i = 0; i < values.size(); i++) {
            range(field + "[" + i + "]", values.get(i), min, max);
        }
    }
}
