/** Test helpers, used in test scope only: a scripted fake server and hand-built snapshots. */
@NullMarked
package dev.tictactoe.testkit;

import org.jspecify.annotations.NullMarked;
