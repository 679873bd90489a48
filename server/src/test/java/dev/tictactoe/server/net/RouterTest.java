package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.HttpMethod;

import org.junit.jupiter.api.Test;

class RouterTest {

    private static Route get(String target) {
        return Router.route(HttpMethod.GET, target);
    }

    @Test
    void theEndpointsRouteByMethodAndPath() {
        assertThat(get("/rooms/K7MQ2P/ws")).isEqualTo(new Route.Upgrade("K7MQ2P"));
        assertThat(Router.route(HttpMethod.POST, "/api/rooms")).isEqualTo(new Route.CreateRoom());
        assertThat(get("/api/rooms/k7mq2p")).isEqualTo(new Route.RoomInfo("k7mq2p"));
        assertThat(get("/healthz")).isEqualTo(new Route.Health());
        assertThat(Router.route(HttpMethod.HEAD, "/healthz")).isEqualTo(new Route.Health());
        assertThat(get("/readyz")).isEqualTo(new Route.Ready());
        assertThat(Router.route(HttpMethod.HEAD, "/readyz")).isEqualTo(new Route.Ready());
        assertThat(get("/metrics")).isEqualTo(new Route.Prometheus(false));
        assertThat(get("/metrics.json")).isEqualTo(new Route.NotFound("/metrics.json"));
        assertThat(get("/")).isEqualTo(new Route.Asset("/"));
        assertThat(get("/r/K7MQ2P")).isEqualTo(new Route.Asset("/r/K7MQ2P"));
        assertThat(get("/api/rooms/K7MQ2P/games")).isEqualTo(new Route.Games("K7MQ2P"));
        assertThat(get("/api/rooms/K7MQ2P/games/12")).isEqualTo(new Route.Game("K7MQ2P", 12));
        assertThat(get("/api/rooms/K7MQ2P/games/12/analysis"))
                .isEqualTo(new Route.GameAnalysis("K7MQ2P", 12));
    }

    @Test
    void quickMatchHasItsThreeEndpoints() {
        assertThat(Router.route(HttpMethod.POST, "/api/match")).isEqualTo(new Route.QuickMatch());
        assertThat(get("/api/match/Hq8kR2vX0bWm5tYz9cLp1A"))
                .isEqualTo(new Route.MatchStatus("Hq8kR2vX0bWm5tYz9cLp1A"));
        assertThat(Router.route(HttpMethod.DELETE, "/api/match/Hq8kR2vX0bWm5tYz9cLp1A"))
                .isEqualTo(new Route.CancelMatch("Hq8kR2vX0bWm5tYz9cLp1A"));
        assertThat(get("/api/match")).isEqualTo(new Route.MethodNotAllowed("/api/match", "POST"));
        assertThat(Router.route(HttpMethod.PUT, "/api/match/t"))
                .isEqualTo(new Route.MethodNotAllowed("/api/match/t", "GET, DELETE"));
        assertThat(get("/api/match/")).isInstanceOf(Route.NotFound.class);
        assertThat(get("/api/match/t/x")).isInstanceOf(Route.NotFound.class);
    }

    @Test
    void aGameIsNamedByAPositiveNumber() {
        assertThat(get("/api/rooms/K7MQ2P/games/0")).isInstanceOf(Route.NotFound.class);
        assertThat(get("/api/rooms/K7MQ2P/games/-1")).isInstanceOf(Route.NotFound.class);
        assertThat(get("/api/rooms/K7MQ2P/games/x")).isInstanceOf(Route.NotFound.class);
        assertThat(get("/api/rooms/K7MQ2P/games/")).isInstanceOf(Route.NotFound.class);
        assertThat(get("/api/rooms/K7MQ2P/games/9999999999")).isInstanceOf(Route.NotFound.class);
        assertThat(get("/api/rooms//games")).isInstanceOf(Route.NotFound.class);
        assertThat(get("/api/rooms/K7MQ2P/moves")).isInstanceOf(Route.NotFound.class);
        assertThat(Router.route(HttpMethod.POST, "/api/rooms/K7MQ2P/games"))
                .isEqualTo(new Route.MethodNotAllowed("/api/rooms/K7MQ2P/games", "GET"));
        assertThat(Router.route(HttpMethod.DELETE, "/api/rooms/K7MQ2P/games/1"))
                .isEqualTo(new Route.MethodNotAllowed("/api/rooms/K7MQ2P/games/1", "GET"));
        assertThat(get("/api/rooms/K7MQ2P/games/0/analysis")).isInstanceOf(Route.NotFound.class);
        assertThat(get("/api/rooms/K7MQ2P/games/1/moves")).isInstanceOf(Route.NotFound.class);
        assertThat(Router.route(HttpMethod.PUT, "/api/rooms/K7MQ2P/games/1/analysis"))
                .isEqualTo(new Route.MethodNotAllowed("/api/rooms/K7MQ2P/games/1/analysis", "GET"));
    }

    @Test
    void theQueryNeverChangesTheRoute() {
        assertThat(get("/rooms/K7MQ2P/ws?v=1")).isEqualTo(new Route.Upgrade("K7MQ2P"));
        assertThat(get("/rooms/K7MQ2P/ws?")).isEqualTo(new Route.Upgrade("K7MQ2P"));
        assertThat(get("/rooms/K7MQ2P/ws#frag")).isEqualTo(new Route.Upgrade("K7MQ2P"));
        assertThat(get("/healthz?x=/../")).isEqualTo(new Route.Health());
        assertThat(get("/metrics?gc=1")).isEqualTo(new Route.Prometheus(true));
        assertThat(get("/metrics?a=b&gc")).isEqualTo(new Route.Prometheus(true));
        assertThat(get("/metrics?gcx=1")).isEqualTo(new Route.Prometheus(false));
    }

    @Test
    void pathsArePercentDecodedSegmentBySegment() {
        assertThat(get("/rooms/%53TWJKP/ws")).isEqualTo(new Route.Upgrade("STWJKP"));
        assertThat(get("/rooms/%20K7MQ2P%20/ws")).isEqualTo(new Route.Upgrade(" K7MQ2P "));
        assertThat(get("/rooms/K7M%2FQ2P/ws")).isEqualTo(new Route.Upgrade("K7M/Q2P"));
        assertThat(get("/%68ealthz")).isEqualTo(new Route.Health());
        assertThat(get("/rooms/caf%C3%A9/ws")).isEqualTo(new Route.Upgrade("café"));
    }

    @Test
    void unreadableTargetsAreBadRequests() {
        assertThat(get("/rooms/%ZZ/ws")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("/rooms/%4/ws")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("/rooms/abc%")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("/rooms/%00/ws")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("/rooms/%C3/ws")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("/rooms/../healthz")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("/rooms/%2E%2E/ws")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("/./healthz")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("http://example.com/healthz")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("*")).isInstanceOf(Route.BadTarget.class);
        assertThat(get("")).isInstanceOf(Route.BadTarget.class);
    }

    @Test
    void overlongPathsAreRefusedBeforeDecoding() {
        String longest = "/" + "a".repeat(Router.MAX_PATH_CHARS - 1);
        assertThat(get(longest)).isInstanceOf(Route.NotFound.class);
        assertThat(get(longest + "a")).isEqualTo(new Route.TooLong(Router.MAX_PATH_CHARS + 1));
        assertThat(get("/healthz?" + "q".repeat(3 * Router.MAX_PATH_CHARS)))
                .isEqualTo(new Route.Health());
    }

    @Test
    void knownPathsWithTheWrongMethodSayWhatIsAllowed() {
        assertThat(Router.route(HttpMethod.POST, "/rooms/K7MQ2P/ws"))
                .isEqualTo(new Route.MethodNotAllowed("/rooms/K7MQ2P/ws", "GET"));
        assertThat(get("/api/rooms")).isEqualTo(new Route.MethodNotAllowed("/api/rooms", "POST"));
        assertThat(Router.route(HttpMethod.DELETE, "/healthz"))
                .isEqualTo(new Route.MethodNotAllowed("/healthz", "GET, HEAD"));
        assertThat(Router.route(HttpMethod.valueOf("BREW"), "/readyz"))
                .isEqualTo(new Route.MethodNotAllowed("/readyz", "GET, HEAD"));
        assertThat(Router.route(HttpMethod.HEAD, "/metrics"))
                .isEqualTo(new Route.MethodNotAllowed("/metrics", "GET"));
        assertThat(Router.route(HttpMethod.PUT, "/api/rooms/K7MQ2P"))
                .isInstanceOf(Route.MethodNotAllowed.class);
    }

    @Test
    void everythingElseIsNotFound() {
        assertThat(get("/rooms/K7MQ2P")).isEqualTo(new Route.NotFound("/rooms/K7MQ2P"));
        assertThat(get("/rooms//ws")).isEqualTo(new Route.NotFound("/rooms//ws"));
        assertThat(get("/rooms/K7MQ2P/ws/")).isEqualTo(new Route.NotFound("/rooms/K7MQ2P/ws/"));
        assertThat(get("/healthz/")).isEqualTo(new Route.NotFound("/healthz/"));
        assertThat(get("/favicon.ico")).isEqualTo(new Route.NotFound("/favicon.ico"));
        assertThat(Router.route(HttpMethod.valueOf("BREW"), "/coffee"))
                .isEqualTo(new Route.NotFound("/coffee"));
    }
}
