package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.MessageCodec;

import org.junit.jupiter.api.Test;

import java.util.List;

class CompareCommandTest {

    @Test
    void showsOursRelayAndTheRatioPerMetric() {
        JsonNode ours =
                MessageCodec.parse(
                        """
                        {"kind":"load","label":"R=1","movesPerSecond":3000,"latencyMicros":{"p50":150,"p99":300},
                         "serverCpuMicrosPerMove":30,"serverCpuUtilization":0.9,"clientCpuUtilization":0.5,
                         "errors":0,"unexpectedCloses":0}\
                        """);
        JsonNode relay =
                MessageCodec.parse(
                        """
                        {"kind":"load","label":"R=1 relay","movesPerSecond":6000,"latencyMicros":{"p50":100,"p99":200},
                         "serverCpuMicrosPerMove":10,"serverCpuUtilization":0.6,"clientCpuUtilization":0.9,
                         "errors":0,"unexpectedCloses":0}\
                        """);
        String table = CompareCommand.table(List.of(ours, relay));
        assertThat(table).containsPattern("R=1\\s+moves/s\\s+3000\\s+6000\\s+0.50");
        assertThat(table).containsPattern("latency p50 \\(µs\\)\\s+150\\s+100\\s+1.50");
        assertThat(table).containsPattern("server CPU \\(µs/move\\)\\s+30\\s+10\\s+3.00");
    }

    @Test
    void capacityRowsShowMemoryPerConnection() {
        JsonNode ours =
                MessageCodec.parse(
                        """
                        {"kind":"capacity","label":"capacity","connections":19000,"heapBytesPerConnection":2500.5,"rssBytesPerConnection":7000}\
                        """);
        JsonNode relay =
                MessageCodec.parse(
                        """
                        {"kind":"capacity","connections":19000,"heapBytesPerConnection":1000,"rssBytesPerConnection":null}\
                        """);
        String table = CompareCommand.table(List.of(ours, relay));
        assertThat(table).containsPattern("heap per conn \\(B\\)\\s+2501\\s+1000\\s+2.50");
        assertThat(table).containsPattern("RSS per conn \\(B\\)\\s+7000\\s+-\\s+-");
    }
}
