/**
 * Durability: {@link Store} keeps rooms' commands, their checkpoints and finished games in one
 * SQLite database in the data directory ({@code rooms.db}, WAL mode), written by one thread in
 * group commits ({@link StoreWriter}) and held by one process at a time ({@link DataDir}). Records
 * and documents are opaque bytes: this package knows nothing of rooms beyond their codes and
 * versions.
 */
@NullMarked
package dev.tictactoe.server.store;

import org.jspecify.annotations.NullMarked;
