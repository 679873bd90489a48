package dev.tictactoe.server.admin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AdminGuardTest {

    private final AdminGuard loopback = new AdminGuard("127.0.0.1");

    @Test
    void curlAndTheAdminPageMayAct() {
        assertThat(loopback.refusal("127.0.0.1:9090", null, true)).isNull();
        assertThat(loopback.refusal("localhost:9090", "http://localhost:9090", true)).isNull();
        assertThat(loopback.refusal("[::1]:9090", "http://[::1]:9090", true)).isNull();
        // Through an SSH tunnel the browser's port is the tunnel's: the page is still its own.
        assertThat(loopback.refusal("localhost:19090", "http://localhost:19090", true)).isNull();
    }

    @Test
    void aPageFromElsewhereMayNotAct() {
        assertThat(loopback.refusal("127.0.0.1:9090", "http://evil.example", true))
                .startsWith("pages from http://evil.example may not act");
        assertThat(loopback.refusal("127.0.0.1:9090", "null", true)).isNotNull();
        assertThat(loopback.refusal("127.0.0.1:9090", "http://127.0.0.1:8080", true)).isNotNull();
        assertThat(loopback.refusal("127.0.0.1:9090", "https://127.0.0.1:9090", true)).isNotNull();
        // Reading is not acting: a cross-origin page cannot read the answer anyway.
        assertThat(loopback.refusal("127.0.0.1:9090", "http://evil.example", false)).isNull();
    }

    @Test
    void aRequestAddressedToAnotherNameIsRefused() {
        assertThat(loopback.refusal("evil.example:9090", null, false))
                .startsWith("requests must be addressed to the admin listener");
        assertThat(loopback.refusal(null, null, false)).isEqualTo("a Host header is required");
        assertThat(new AdminGuard("10.0.0.5").refusal("10.0.0.5:9090", null, true)).isNull();
        assertThat(new AdminGuard("10.0.0.5").refusal("evil.example", null, true)).isNotNull();
    }

    @Test
    void boundToEveryInterfaceAnyNameMayAddressIt() {
        AdminGuard container = new AdminGuard("0.0.0.0");
        assertThat(container.refusal("server:9090", null, true)).isNull();
        assertThat(container.refusal("server:9090", "http://server:9090", true)).isNull();
        assertThat(container.refusal("server:9090", "http://evil.example", true)).isNotNull();
    }

    @Test
    void theHostNameIsReadWithoutItsPort() {
        assertThat(AdminGuard.hostName("LocalHost:9090")).isEqualTo("localhost");
        assertThat(AdminGuard.hostName("[::1]:9090")).isEqualTo("::1");
        assertThat(AdminGuard.hostName("127.0.0.1")).isEqualTo("127.0.0.1");
    }
}
