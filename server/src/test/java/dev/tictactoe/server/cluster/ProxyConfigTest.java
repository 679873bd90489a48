package dev.tictactoe.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

class ProxyConfigTest {

    static String render(String... args) {
        ProxyConfig command = new ProxyConfig();
        new CommandLine(command).parseArgs(args);
        return command.render();
    }

    @Test
    void aNodeTakesEveryFirstCharacterThatNormalizesToIt() {
        assertThat(Upstream.parse("a=h:1").firstCharacters()).isEqualTo("[Aa]");
        assertThat(Upstream.parse("0=h:1").firstCharacters()).isEqualTo("[0Oo]");
        assertThat(Upstream.parse("1=h:1").firstCharacters()).isEqualTo("[1ILil]");
        assertThat(Upstream.parse("Z=h:1").firstCharacters()).isEqualTo("[Zz]");
    }

    @Test
    void badNodesAreRefusedByName() {
        assertThatThrownBy(() -> Upstream.parse("U=h:1")).hasMessageContaining("not 'U'");
        assertThatThrownBy(() -> Upstream.parse("AB=h:1")).hasMessageContaining("NODE=host:port");
        assertThatThrownBy(() -> Upstream.parse("A=h")).hasMessageContaining("host:port");
        assertThatThrownBy(() -> Upstream.parse("A=h:1;")).hasMessageContaining("host:port");
        assertThatThrownBy(() -> render("--nginx", "A=h:1", "a=h:2"))
                .hasMessage("node A is given twice");
    }

    @Test
    void nginxRoutesEachNodesCodesToItsOwnUpstreamAndIsSizedForTheSockets() {
        String conf = render("--nginx", "A=10.0.0.1:8080", "B=10.0.0.2:8080");
        assertThat(conf)
                .contains("~^/(api/)?rooms/[[:space:]-]*[Aa] ttt_node_A;")
                .contains("~^/(api/)?rooms/[[:space:]-]*[Bb] ttt_node_B;")
                .contains("default ttt_any;")
                .contains("upstream ttt_node_A {\n        server 10.0.0.1:8080;\n    }")
                .contains("server 10.0.0.2:8080 max_fails=1 fail_timeout=5s;")
                .contains("worker_connections " + (2 * ProxyConfig.DEFAULT_SOCKETS + 1024) + ";")
                .contains("listen 443 ssl;")
                .contains("ssl_certificate " + ProxyConfig.DEFAULT_TLS_PEM + ";")
                .contains("--node A --trusted-proxies " + ProxyConfig.DEFAULT_TRUSTED_PROXIES)
                .contains("proxy_next_upstream error timeout;")
                .contains("rate=" + ProxyConfig.DEFAULT_LOOKUPS_PER_SECOND + "r/s")
                .contains("burst=" + ProxyConfig.DEFAULT_LOOKUP_BURST + " nodelay")
                .doesNotContainPattern("proxy_next_upstream[^;]*non_idempotent");
        assertThat(render("--nginx", "--tls-listen", "none", "A=h:1")).doesNotContain("ssl");
    }

    @Test
    void haproxyRoutesEachNodesCodesToItsOwnBackendAndIsSizedForTheSockets() {
        String conf = render("--haproxy", "--sockets", "500", "--listen", "127.0.0.1:81", "A=h:1");
        assertThat(conf)
                .contains("use_backend ttt_node_A if { path,url_dec -m reg ^/(api/)?rooms/")
                .contains("backend ttt_node_A\n    server A h:1\n")
                .contains("server A h:1 check inter 2s fall 2 rise 1")
                .contains("maxconn 500")
                .contains("bind 127.0.0.1:81")
                .contains("bind :443 ssl crt " + ProxyConfig.DEFAULT_TLS_PEM)
                .contains("retry-on conn-failure")
                .contains("sc0_gpc0_rate gt 20");
    }
}
