/** The checks every package's settings record makes of its values. */
@NullMarked
package dev.tictactoe.server.settings;

import org.jspecify.annotations.NullMarked;
