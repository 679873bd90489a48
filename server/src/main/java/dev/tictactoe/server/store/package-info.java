/**
 * Durability: {@link dev.tictactoe.server.store.Journal} records every accepted change of a room in
 * append-only segment files written by one thread, and recovers them on start; {@link
 * dev.tictactoe.server.store.GameArchive} keeps finished games as JSON documents for a retention
 * period; {@link dev.tictactoe.server.store.Store} opens both under one data directory. Payloads
 * are opaque bytes: this package knows nothing of rooms beyond their codes and versions.
 */
package dev.tictactoe.server.store;
