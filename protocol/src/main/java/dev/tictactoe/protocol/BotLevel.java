package dev.tictactoe.protocol;

import java.util.List;

/** How strongly a bot plays, weakest first: the one list of levels both ends accept. */
public enum BotLevel implements WireWord {
    EASY, // mostly random moves near the action
    MEDIUM, // takes wins, blocks losses, otherwise builds its lines
    HARD, // a search bounded by time or nodes
    PERFECT; // exact where the game can be solved, otherwise as hard

    /** Every spelling, in order. */
    public static final List<String> WIRE = WireWord.spellings(values());
}
