/** The wire language: message records, their strict JSON, the room snapshot and its diffs. */
@NullMarked
package dev.tictactoe.protocol;

import org.jspecify.annotations.NullMarked;
