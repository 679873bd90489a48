package dev.tictactoe.server.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.HttpMethod;

import org.junit.jupiter.api.Test;

class AdminRouteTest {

    private static AdminRoute get(String target) {
        return AdminRoute.route(HttpMethod.GET, target);
    }

    private static AdminRoute post(String target) {
        return AdminRoute.route(HttpMethod.POST, target);
    }

    @Test
    void theEndpointsRouteByMethodAndPath() {
        assertThat(get("/healthz")).isEqualTo(new AdminRoute.Health());
        assertThat(AdminRoute.route(HttpMethod.HEAD, "/readyz")).isEqualTo(new AdminRoute.Ready());
        assertThat(get("/metrics?gc")).isEqualTo(new AdminRoute.Metrics(true));
        assertThat(get("/admin")).isEqualTo(new AdminRoute.Page("index.html"));
        assertThat(get("/admin/")).isEqualTo(new AdminRoute.Page("index.html"));
        assertThat(get("/admin/admin.js")).isEqualTo(new AdminRoute.Page("admin.js"));
        assertThat(get("/admin/api/rooms/K7MQ2P")).isEqualTo(new AdminRoute.ShowRoom("K7MQ2P"));
        assertThat(post("/admin/api/rooms/K7MQ2P/close"))
                .isEqualTo(new AdminRoute.CloseRoom("K7MQ2P"));
        assertThat(post("/admin/api/rooms/K7MQ2P/members/O/disconnect"))
                .isEqualTo(new AdminRoute.Disconnect("K7MQ2P", "O"));
    }

    @Test
    void theListHasABoundedLimitWithANamedDefault() {
        assertThat(get("/admin/api/rooms"))
                .isEqualTo(new AdminRoute.ListRooms(AdminRoute.DEFAULT_LIST_LIMIT, ""));
        assertThat(AdminRoute.DEFAULT_LIST_LIMIT).isEqualTo(500);
        assertThat(get("/admin/api/rooms?limit=20&code=k7"))
                .isEqualTo(new AdminRoute.ListRooms(20, "K7"));
        assertThat(get("/admin/api/rooms?limit=" + AdminRoute.MAX_LIST_LIMIT))
                .isEqualTo(new AdminRoute.ListRooms(AdminRoute.MAX_LIST_LIMIT, ""));
        for (String limit : new String[] {"0", "-1", "5001", "ten", ""}) {
            assertThat(get("/admin/api/rooms?limit=" + limit))
                    .isInstanceOfSatisfying(
                            AdminRoute.Refused.class, r -> assertThat(r.status()).isEqualTo(400));
        }
    }

    @Test
    void otherPathsAreNotFoundAndOtherMethodsNotAllowed() {
        assertThat(get("/admin/api/rooms/K7MQ2P/close"))
                .isEqualTo(
                        new AdminRoute.Refused(
                                405, "use POST on /admin/api/rooms/K7MQ2P/close", "POST"));
        assertThat(post("/admin/api/rooms/K7MQ2P"))
                .isInstanceOfSatisfying(
                        AdminRoute.Refused.class, r -> assertThat(r.allow()).isEqualTo("GET"));
        assertThat(post("/healthz"))
                .isInstanceOfSatisfying(
                        AdminRoute.Refused.class, r -> assertThat(r.status()).isEqualTo(405));
        for (String path :
                new String[] {
                    "/",
                    "/api/rooms",
                    "/admin/api",
                    "/admin/api/rooms/",
                    "/admin/api/rooms/K/x",
                    "/admin/api/rooms/K/members//disconnect",
                    "/admin/index.html"
                }) {
            assertThat(post(path))
                    .as(path)
                    .isInstanceOfSatisfying(
                            AdminRoute.Refused.class, r -> assertThat(r.status()).isEqualTo(404));
        }
    }

    @Test
    void onlyTheActionsAct() {
        assertThat(post("/admin/api/rooms/K/close").acts()).isTrue();
        assertThat(post("/admin/api/rooms/K/members/X/disconnect").acts()).isTrue();
        assertThat(get("/admin/api/rooms").acts()).isFalse();
        assertThat(get("/admin/api/rooms/K").acts()).isFalse();
    }
}
