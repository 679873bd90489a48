package dev.tictactoe.server.bot;

/**
 * The bot's choice and how it came to it.
 *
 * @param cell the cell to play
 * @param level the level that chose it
 * @param exact true when the move comes from a completed proof (perfect play)
 * @param score the position's value for the mover: 0 a draw or balanced, {@link Bot#WIN} - d a win
 *     d plies ahead (counting this move), -({@link Bot#WIN} - d) a loss; heuristic values lie well
 *     inside ±{@link Bot#WIN_THRESHOLD}
 * @param depth plies searched (the completed iteration, or the plies left to the end when solved)
 * @param nodes positions visited
 * @param note a short human-readable account, e.g. "solved: draw"
 */
public record BotMove(
        int cell, Level level, boolean exact, int score, int depth, long nodes, String note) {}
