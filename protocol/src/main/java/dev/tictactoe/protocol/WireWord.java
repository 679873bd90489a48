package dev.tictactoe.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A word of the wire protocol and its one spelling. Every closed vocabulary of the protocol (seats,
 * statuses, reasons, kinds, levels, message types, ...) is an enum of these; the message records
 * carry the enum, which Jackson writes and reads as its spelling.
 */
public interface WireWord {

    /** How the word is spelled on the wire. */
    String wire();

    /** Whether {@code text} spells this word. */
    default boolean is(String text) {
        return wire().equals(text);
    }

    /** The word among {@code words} spelled {@code text}, or null when none is. */
    static <W extends WireWord> W find(W[] words, String text) {
        for (W word : words) {
            if (word.wire().equals(text)) {
                return word;
            }
        }
        return null;
    }

    /** How {@code word} is spelled, or null for none. */
    static String spelling(WireWord word) {
        return word == null ? null : word.wire();
    }

    /** The spellings of {@code words}, in their order. */
    static List<String> spellings(WireWord[] words) {
        List<String> spelled = new ArrayList<>(words.length);
        for (WireWord word : words) {
            spelled.add(word.wire());
        }
        return Collections.unmodifiableList(spelled);
    }
}
