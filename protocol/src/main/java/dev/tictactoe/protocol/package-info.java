/**
 * The wire language between the game server and its clients: message records, the strict JSON
 * codec, the room snapshot document and RFC 6902 JSON Patch diffs of it.
 */
@NullMarked
package dev.tictactoe.protocol;

import org.jspecify.annotations.NullMarked;
