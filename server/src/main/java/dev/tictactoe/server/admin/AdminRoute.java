package dev.tictactoe.server.admin;

import org.jspecify.annotations.Nullable;

/** Where an admin request goes, decided from its method and target alone (see AdminRouter). */
sealed interface AdminRoute {

    /** {@code /healthz}, {@code /readyz}, {@code /metrics}: the public port's probes. */
    record Probe(Kind kind, boolean gc) implements AdminRoute {
        enum Kind {
            HEALTH,
            READY,
            METRICS
        }
    }

    /** {@code GET /admin/} and its script: a file of the admin page. */
    record Page(String file) implements AdminRoute {}

    /**
     * {@code GET /admin/api/rooms}: at most {@code limit} rooms whose code starts with a prefix.
     */
    record ListRooms(int limit, String codePrefix) implements AdminRoute {}

    /** {@code GET /admin/api/rooms/{code}}. */
    record ShowRoom(String code) implements AdminRoute {}

    /** {@code POST /admin/api/rooms/{code}/close}. */
    record CloseRoom(String code) implements AdminRoute {}

    /** {@code POST /admin/api/rooms/{code}/members/{seat}/disconnect}. */
    record Disconnect(String code, String seat) implements AdminRoute {}

    /** Nothing to answer it: 404, 405 with {@code allow}, or 400 for a bad query. */
    record Refused(int status, String message, @Nullable String allow) implements AdminRoute {}

    /** Whether the route changes something (and so must come from the admin port's own page). */
    default boolean acts() {
        return this instanceof CloseRoom || this instanceof Disconnect;
    }
}
