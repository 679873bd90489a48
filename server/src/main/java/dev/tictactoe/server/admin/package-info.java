/** The admin port: probes, a page, and an API to list, show, close rooms and cut seats. */
@NullMarked
package dev.tictactoe.server.admin;

import org.jspecify.annotations.NullMarked;
