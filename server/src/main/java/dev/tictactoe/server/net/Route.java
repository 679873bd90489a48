package dev.tictactoe.server.net;

/** Where a request goes, decided from its method and path alone (see {@link Router}). */
sealed interface Route {

    /** The JSON API: a page from an allowed origin may call it from script (CORS). */
    interface Api {}

    /** Health, readiness and metrics: still answered to a connection over the cap. */
    interface Probe {}

    /** Opens a room, a quick match or a socket: refused while the server drains. */
    interface Opens {}

    /** {@code GET /rooms/{code}/ws}: a WebSocket upgrade into the room, code as typed. */
    record Upgrade(String code) implements Route, Opens {}

    record CreateRoom() implements Route, Api, Opens {}

    /** {@code POST /api/match}; {@code GET}, {@code DELETE /api/match/{ticket}}. */
    record QuickMatch() implements Route, Api, Opens {}

    record MatchStatus(String ticket) implements Route, Api {}

    record CancelMatch(String ticket) implements Route, Api {}

    /** {@code GET /api/rooms/{code}}, {@code .../games}, {@code .../games/{n}[/analysis]}. */
    record RoomInfo(String code) implements Route, Api {}

    record Games(String code) implements Route, Api {}

    record Game(String code, int game) implements Route, Api {}

    record GameAnalysis(String code, int game) implements Route, Api {}

    /** {@code /healthz}, {@code /readyz}, {@code /metrics} ({@code ?gc}: bench endpoints only). */
    record Health() implements Route, Probe {}

    record Ready() implements Route, Probe {}

    record Prometheus(boolean gc) implements Route, Probe {}

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
