/** The server's command line: one picocli mixin per settings record, defaults and converters. */
@NullMarked
package dev.tictactoe.server.flags;

import org.jspecify.annotations.NullMarked;
