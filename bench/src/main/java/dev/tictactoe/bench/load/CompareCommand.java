package dev.tictactoe.bench.load;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code ttt-load compare}: one table of results against the server and the relay, with the ratio.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = {
            "Print one table from pairs of results (ttt-load --json): ours, then the",
            "relay's, for each scenario, with the ratio ours/relay. The scenario is the",
            "label of the first file of a pair.",
        })
final class CompareCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "OURS RELAY", arity = "2..*", description = "Result files, in pairs.")
    List<Path> files;

    @Override
    public Integer call() {
        if (files.size() % 2 != 0) {
            throw new ParameterException(
                    spec.commandLine(), "give the result files in pairs: ours, then the relay's");
        }
        List<JsonNode> results = new ArrayList<>();
        for (Path file : files) {
            try {
                results.add(MessageCodec.parse(Files.readString(file, StandardCharsets.UTF_8)));
            } catch (IOException | ProtocolException e) {
                System.err.println("ttt-load compare: cannot read " + file + ": " + e.getMessage());
                return LoadCommand.CANNOT_RUN;
            }
        }
        System.out.print(table(results));
        return LoadCommand.OK;
    }

    /** A metric of a result: its name, unit and where it is in the JSON. */
    record Metric(String name, String path) {
        double of(JsonNode result) {
            JsonNode node = result;
            String[] parts = path.split("\\.");
            for (int i = 0; i < parts.length - 1; i++) {
                node = node.path(parts[i]);
            }
            return Json.number(node, parts[parts.length - 1]);
        }
    }

    static final List<Metric> LOAD =
            List.of(
                    new Metric("moves/s", "movesPerSecond"),
                    new Metric("latency p50 (µs)", "latencyMicros.p50"),
                    new Metric("latency p99 (µs)", "latencyMicros.p99"),
                    new Metric("server CPU (µs/move)", "serverCpuMicrosPerMove"),
                    new Metric("server CPU (cores)", "serverCpuUtilization"),
                    new Metric("moves/s per core", "serverMovesPerCoreSecond"),
                    new Metric("client CPU (cores)", "clientCpuUtilization"),
                    new Metric("errors + closes", "errorsAndCloses"));

    static final List<Metric> CAPACITY =
            List.of(
                    new Metric("connections", "connections"),
                    new Metric("heap per conn (B)", "heapBytesPerConnection"),
                    new Metric("RSS per conn (B)", "rssBytesPerConnection"));

    /** The table for results given as pairs (ours, relay). */
    static String table(List<JsonNode> results) {
        StringBuilder sb = new StringBuilder();
        String format = "%-22s %-22s %12s %12s %10s%n";
        sb.append(
                String.format(
                        Locale.ROOT, format, "scenario", "metric", "ours", "relay", "ours/relay"));
        sb.append("-".repeat(82)).append(System.lineSeparator());
        for (int i = 0; i + 1 < results.size(); i += 2) {
            JsonNode ours = withTotals(results.get(i));
            JsonNode relay = withTotals(results.get(i + 1));
            String scenario =
                    ours.path("label").isTextual()
                            ? ours.path("label").asText()
                            : "run " + (i / 2 + 1);
            List<Metric> metrics = "capacity".equals(ours.path("kind").asText()) ? CAPACITY : LOAD;
            for (Metric m : metrics) {
                double a = m.of(ours);
                double b = m.of(relay);
                sb.append(
                        String.format(
                                Locale.ROOT,
                                format,
                                scenario,
                                m.name(),
                                number(a),
                                number(b),
                                ratio(Rates.ratio(a, b))));
                scenario = "";
            }
        }
        return sb.toString();
    }

    private static JsonNode withTotals(JsonNode result) {
        if (result instanceof com.fasterxml.jackson.databind.node.ObjectNode o && o.has("errors")) {
            o = o.deepCopy();
            o.put(
                    "errorsAndCloses",
                    o.path("errors").asLong() + o.path("unexpectedCloses").asLong());
            return o;
        }
        return result;
    }

    private static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Math.abs(v) >= 100 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String ratio(double r) {
        return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.2f", r);
    }
}
