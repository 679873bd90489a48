/**
 * The engine's measuring tools: matches between engines (ours in process, outside Gomocup brains
 * and tagged baselines as processes), the tactical suite, the loss audit, a game's replay and the
 * evaluation's features.
 */
@NullMarked
package dev.tictactoe.bench.engine;

import org.jspecify.annotations.NullMarked;
