/** The engine as a Gomocup (Piskvork) brain on stdin and stdout. */
@NullMarked
package dev.tictactoe.server.bot.gomocup;

import org.jspecify.annotations.NullMarked;
