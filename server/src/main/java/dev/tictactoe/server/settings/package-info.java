/**
 * What the settings records of every package share: the checks of a value. Each package keeps its
 * own record ({@code net.NetSettings}, {@code room.RegistrySettings}, ...); {@code flags} fills
 * them from the command line.
 */
@NullMarked
package dev.tictactoe.server.settings;

import org.jspecify.annotations.NullMarked;
