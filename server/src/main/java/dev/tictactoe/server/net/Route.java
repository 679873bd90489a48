package dev.tictactoe.server.net;

/** Where a request goes, decided from its method and path alone (see {@link Router}). */
sealed interface Route {

    /** {@code GET /rooms/{code}/ws}: a WebSocket upgrade into the room, code as typed. */
    record Upgrade(String code) implements Route {}

    /** {@code POST /api/rooms}. */
    record CreateRoom() implements Route {}

    /** {@code POST /api/match}: ask for a quick match and wait for the answer. */
    record QuickMatch() implements Route {}

    /** {@code GET /api/match/{ticket}}: where a waiting quick-match request stands. */
    record MatchStatus(String ticket) implements Route {}

    /** {@code DELETE /api/match/{ticket}}: cancel a waiting quick-match request. */
    record CancelMatch(String ticket) implements Route {}

    /** {@code GET /api/rooms/{code}}: the room's snapshot. */
    record RoomInfo(String code) implements Route {}

    /** {@code GET /api/rooms/{code}/games}: the numbers of the room's archived games. */
    record Games(String code) implements Route {}

    /** {@code GET /api/rooms/{code}/games/{game}}: one archived game; {@code game} is positive. */
    record Game(String code, int game) implements Route {}

    /** {@code GET /api/rooms/{code}/games/{game}/analysis}: that game judged move by move. */
    record GameAnalysis(String code, int game) implements Route {}

    /** {@code GET|HEAD /healthz}: the process is alive. */
    record Health() implements Route {}

    /** {@code GET|HEAD /readyz}: the server takes new connections. */
    record Ready() implements Route {}

    /** {@code GET /metrics}; {@code ?gc} asks for a collection first (bench endpoints only). */
    record Prometheus(boolean gc) implements Route {}

    /** {@code GET|HEAD /} and {@code /r/{code}}: a page of the web client. */
    record Asset(String path) implements Route {}

    /** No endpoint at this path. */
    record NotFound(String path) implements Route {}

    /** The path exists but not for this method; {@code allow} is the Allow header. */
    record MethodNotAllowed(String path, String allow) implements Route {}

    /** The target cannot be read: a bad escape, a control character, a dot segment. */
    record BadTarget(String reason) implements Route {}

    /** The path is longer than {@link Router#MAX_PATH_CHARS}. */
    record TooLong(int length) implements Route {}
}
