/**
 * The server's command line: one picocli mixin per settings record ({@code NetFlags} fills {@code
 * net.NetSettings}), the defaults they read from the records' constants and the environment, and
 * the converters of their values.
 */
@NullMarked
package dev.tictactoe.server.flags;

import org.jspecify.annotations.NullMarked;
