package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import org.jspecify.annotations.Nullable;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** A word of the protocol and its one spelling, which Jackson writes and reads. */
public interface WireWord {

    /** Its name in snake_case unless the enum says otherwise. */
    @JsonValue
    default String wire() {
        Enum<?> word = (Enum<?>) this;
        return SNAKE_CASE.get(word.getDeclaringClass())[word.ordinal()];
    }

    /** Each enum's names in snake_case, by ordinal: made once, as words are written per message. */
    ClassValue<String[]> SNAKE_CASE =
            new ClassValue<>() {
                @Override
                protected String[] computeValue(Class<?> words) {
                    return Arrays.stream(words.getEnumConstants())
                            .map(word -> ((Enum<?>) word).name().toLowerCase(Locale.ROOT))
                            .toArray(String[]::new);
                }
            };

    /** The word among {@code words} spelled {@code text}, null when none is. */
    static <W extends WireWord> @Nullable W find(W[] words, String text) {
        for (W word : words) {
            if (word.wire().equals(text)) {
                return word;
            }
        }
        return null;
    }

    /** How {@code word} is spelled. */
    static @Nullable String spelling(@Nullable WireWord word) {
        return word == null ? null : word.wire();
    }

    /** The spellings of {@code words}, in their order. */
    static List<String> spellings(WireWord[] words) {
        return Arrays.stream(words).map(WireWord::wire).toList();
    }
}
