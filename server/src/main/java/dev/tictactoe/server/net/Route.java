package dev.tictactoe.server.net;

/** Where a request goes, decided from its method and path alone (see {@link Router}). */
sealed interface Route {

    /** {@code GET /rooms/{code}/ws}: a WebSocket upgrade into the room, code as typed. */
    record Upgrade(String code) implements Route {}

    /** {@code POST /api/rooms}. */
    record CreateRoom() implements Route {}

    /** {@code POST /api/match}; {@code GET}, {@code DELETE /api/match/{ticket}}. */
    record QuickMatch() implements Route {}

    record MatchStatus(String ticket) implements Route {}

    record CancelMatch(String ticket) implements Route {}

    /** {@code GET /api/rooms/{code}}, {@code .../games}, {@code .../games/{n}[/analysis]}. */
    record RoomInfo(String code) implements Route {}

    record Games(String code) implements Route {}

    record Game(String code, int game) implements Route {}

    record GameAnalysis(String code, int game) implements Route {}

    /** {@code /healthz}, {@code /readyz}, {@code /metrics} ({@code ?gc}: bench endpoints only). */
    record Health() implements Route {}

    record Ready() implements Route {}

    record Prometheus(boolean gc) implements Route {}

    /** {@code /}, {@code /r/{code}} and {@code /assets/...}: the web client. */
    record Asset(String path) implements Route {}

    record NotFound(String path) implements Route {}

    /** {@code allow} is the Allow header. */
    record MethodNotAllowed(String path, String allow) implements Route {}

    /** The target cannot be read: a bad escape, a control character, a dot segment. */
    record BadTarget(String reason) implements Route {}

    /** The path is longer than {@link Router#MAX_PATH_CHARS}. */
    record TooLong(int length) implements Route {}
}
