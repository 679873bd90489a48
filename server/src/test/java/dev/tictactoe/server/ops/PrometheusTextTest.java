package dev.tictactoe.server.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.util.Map;

/** The test parser accepts the format and refuses what Prometheus would refuse. */
class PrometheusTextTest {

    @Test
    void readsFamiliesLabelsEscapesAndHistograms() {
        var families =
                PrometheusText.parse(
                        """
                        # HELP a_total Things with a \\\\ and\\na line
                        # TYPE a_total counter
                        a_total{kind="x\\"y",z="1"} 3.0
                        a_total{kind="b"} 1e3 1700000000000
                        # TYPE h_seconds histogram
                        h_seconds_bucket{le="0.1"} 1
                        h_seconds_bucket{le="+Inf"} 2
                        h_seconds_count 2
                        h_seconds_sum 0.5
                        # a comment
                        plain NaN
                        """);
        assertThat(families.keySet()).containsExactly("a_total", "h_seconds", "plain");
        assertThat(families.get("a_total").help()).isEqualTo("Things with a \\ and\na line");
        assertThat(families.get("a_total").value("a_total", Map.of("kind", "x\"y"))).isEqualTo(3.0);
        assertThat(families.get("a_total").value("a_total", Map.of("kind", "b"))).isEqualTo(1000.0);
        assertThat(families.get("h_seconds").value("h_seconds_count", Map.of())).isEqualTo(2.0);
        assertThat(families.get("plain").type()).isNull();
    }

    @Test
    void refusesWhatPrometheusRefuses() {
        assertThatThrownBy(() -> PrometheusText.parse("a 1")).hasMessageContaining("line feed");
        assertThatThrownBy(() -> PrometheusText.parse("1a 1\n")).hasMessageContaining("name");
        assertThatThrownBy(() -> PrometheusText.parse("a{b=\"c} 1\n"))
                .hasMessageContaining("inside");
        assertThatThrownBy(() -> PrometheusText.parse("a{b=\"\\x\"} 1\n"))
                .hasMessageContaining("escape");
        assertThatThrownBy(() -> PrometheusText.parse("a one\n")).hasMessageContaining("number");
        assertThatThrownBy(() -> PrometheusText.parse("a 1\na 2\n"))
                .hasMessageContaining("duplicate");
        assertThatThrownBy(() -> PrometheusText.parse("a 1\nb 1\na{x=\"1\"} 2\n"))
                .hasMessageContaining("together");
        assertThatThrownBy(() -> PrometheusText.parse("a 1\n# TYPE a gauge\n"))
                .hasMessageContaining("before");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE a meter\n"))
                .hasMessageContaining("type");
        assertThatThrownBy(
                        () ->
                                PrometheusText.parse(
                                        """
                                        # TYPE h histogram
                                        h_bucket{le="1"} 3
                                        h_bucket{le="+Inf"} 2
                                        h_count 2
                                        """))
                .hasMessageContaining("cumulative");
        assertThatThrownBy(
                        () ->
                                PrometheusText.parse(
                                        """
                                        # TYPE h histogram
                                        h_bucket{le="+Inf"} 2
                                        h_count 3
                                        """))
                .hasMessageContaining("count");
    }
}
