/**
 * The server's command line: one picocli mixin per settings record ({@code NetFlags} fills {@code
 * net.NetSettings}), the defaults they read from the records' constants and the environment, and
 * the converters of their values.
 */
package dev.tictactoe.server.flags;
