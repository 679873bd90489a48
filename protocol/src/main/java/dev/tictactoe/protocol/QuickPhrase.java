package dev.tictactoe.protocol;

import java.util.List;

/** The phrases a player may say: a closed list, so there is no free text to moderate. */
public enum QuickPhrase implements WireWord {
    HELLO,
    GOOD_LUCK,
    NICE_MOVE,
    OOPS,
    THANKS,
    WELL_PLAYED,
    GOOD_GAME,
    REMATCH;

    /** Every spelling, in order. */
    public static final List<String> WIRE = WireWord.spellings(values());
}
