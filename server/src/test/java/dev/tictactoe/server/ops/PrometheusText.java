package dev.tictactoe.server.ops;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A strict reader of the Prometheus text exposition format 0.0.4: it rejects what a Prometheus
 * server would refuse to ingest (bad names, escapes or numbers, a TYPE after its samples, families
 * split apart, duplicate series, histograms whose buckets are not cumulative or disagree with their
 * count) instead of guessing.
 */
public final class PrometheusText {

    /** One sample line. */
    public record Sample(String name, Map<String, String> labels, double value) {}

    /** One metric family: its TYPE (untyped when absent), HELP and samples. */
    public record Family(String name, String type, String help, List<Sample> samples) {

        /**
         * The value of the one sample of {@code sampleName} with these labels (and maybe others).
         */
        public double value(String sampleName, Map<String, String> labels) {
            List<Sample> found =
                    samples.stream()
                            .filter(
                                    s ->
                                            s.name.equals(sampleName)
                                                    && s.labels
                                                            .entrySet()
                                                            .containsAll(labels.entrySet()))
                            .toList();
            if (found.size() != 1) {
                throw new IllegalArgumentException(
                        found.size() + " samples of " + sampleName + labels + " in " + name);
            }
            return found.get(0).value;
        }

        /**
         * The count of a histogram's bucket at upper bound {@code le}, however the bound is
         * spelled.
         */
        public double bucket(double le, Map<String, String> labels) {
            return samples.stream()
                    .filter(
                            s ->
                                    s.name.equals(name + "_bucket")
                                            && number(s.labels.get("le")) == le
                                            && s.labels.entrySet().containsAll(labels.entrySet()))
                    .mapToDouble(Sample::value)
                    .reduce(
                            (a, b) -> {
                                throw new IllegalArgumentException(
                                        "several buckets at le=" + le + " in " + name);
                            })
                    .orElseThrow(
                            () ->
                                    new IllegalArgumentException(
                                            "no bucket at le=" + le + " in " + name));
        }
    }

    /** Thrown for any departure from the format. */
    public static final class FormatError extends IllegalArgumentException {
        FormatError(int line, String message) {
            super("line " + line + ": " + message);
        }
    }

    private static final Set<String> TYPES =
            Set.of("counter", "gauge", "histogram", "summary", "untyped");

    private final Map<String, Family> families = new LinkedHashMap<>();
    private final Set<String> finished = new HashSet<>();
    private final Set<String> series = new HashSet<>();
    private String current;
    private int lineNo;
    private String line;
    private int pos;

    private PrometheusText() {}

    /** Parses a whole exposition; families by name, in order of appearance. */
    public static Map<String, Family> parse(String text) {
        PrometheusText reader = new PrometheusText();
        if (!text.isEmpty() && !text.endsWith("\n")) {
            throw new FormatError(0, "the exposition must end with a line feed");
        }
        for (String l : text.split("\n", -1)) {
            reader.lineNo++;
            reader.read(l);
        }
        reader.families.values().forEach(f -> reader.checkFamily(f));
        return reader.families;
    }

    private void read(String l) {
        line = l;
        pos = 0;
        if (l.isBlank()) {
            return;
        }
        if (l.startsWith("#")) {
            String[] parts = l.split("[ \t]+", 4);
            if (parts.length >= 3
                    && parts[0].equals("#")
                    && (parts[1].equals("HELP") || parts[1].equals("TYPE"))) {
                String name = parts[2];
                requireName(name);
                String rest = parts.length == 4 ? parts[3] : "";
                Family family = family(name);
                if (parts[1].equals("TYPE")) {
                    if (!TYPES.contains(rest)) {
                        throw error("unknown type '" + rest + "'");
                    }
                    if (family.type != null || !family.samples.isEmpty()) {
                        throw error("TYPE of " + name + " must come once, before its samples");
                    }
                    families.put(name, new Family(name, rest, family.help, family.samples));
                } else {
                    if (family.help != null) {
                        throw error("second HELP for " + name);
                    }
                    families.put(
                            name, new Family(name, family.type, unescape(rest), family.samples));
                }
            }
            return; // any other # line is a comment
        }
        sample();
    }

    private void sample() {
        String name = token("[a-zA-Z_:]", "[a-zA-Z0-9_:]");
        Map<String, String> labels = new TreeMap<>();
        if (peek() == '{') {
            pos++;
            while (peek() != '}') {
                String label = token("[a-zA-Z_]", "[a-zA-Z0-9_]");
                expect('=');
                expect('"');
                StringBuilder value = new StringBuilder();
                while (true) {
                    char c = next();
                    if (c == '"') {
                        break;
                    }
                    if (c == '\\') {
                        char e = next();
                        value.append(
                                switch (e) {
                                    case '\\' -> '\\';
                                    case '"' -> '"';
                                    case 'n' -> '\n';
                                    default ->
                                            throw error("bad escape \\" + e + " in a label value");
                                });
                    } else {
                        value.append(c);
                    }
                }
                if (labels.put(label, value.toString()) != null) {
                    throw error("label " + label + " twice");
                }
                if (peek() == ',') {
                    pos++;
                } else if (peek() != '}') {
                    throw error("expected , or } after a label");
                }
            }
            pos++;
        }
        String[] rest = line.substring(pos).trim().split("[ \t]+");
        if (pos >= line.length()
                || !Character.isWhitespace(line.charAt(pos))
                || rest.length < 1
                || rest.length > 2) {
            throw error("expected ' value [timestamp]'");
        }
        double value = number(rest[0]);
        if (rest.length == 2 && !rest[1].matches("-?[0-9]+")) {
            throw error("bad timestamp " + rest[1]);
        }
        String familyName = familyOf(name);
        if (!familyName.equals(current)) {
            if (!finished.add(familyName)) {
                throw error("samples of " + familyName + " are not together");
            }
            current = familyName;
        }
        if (!series.add(name + labels)) {
            throw error("duplicate series " + name + labels);
        }
        family(familyName).samples.add(new Sample(name, Map.copyOf(labels), value));
    }

    /** The family a sample belongs to: histogram and summary samples carry a suffix. */
    private String familyOf(String sample) {
        for (String suffix : List.of("_bucket", "_sum", "_count")) {
            if (sample.endsWith(suffix)) {
                String base = sample.substring(0, sample.length() - suffix.length());
                Family f = families.get(base);
                if (f != null
                        && ("histogram".equals(f.type)
                                || "summary".equals(f.type) && !suffix.equals("_bucket"))) {
                    return base;
                }
            }
        }
        return sample;
    }

    private void checkFamily(Family f) {
        if (!"histogram".equals(f.type)) {
            return;
        }
        Map<Map<String, String>, List<Sample>> byLabels = new LinkedHashMap<>();
        for (Sample s : f.samples) {
            if (s.name.equals(f.name + "_bucket")) {
                Map<String, String> key = new TreeMap<>(s.labels);
                if (key.remove("le") == null) {
                    throw new FormatError(0, f.name + " has a bucket without le");
                }
                byLabels.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
            }
        }
        for (var e : byLabels.entrySet()) {
            double previous = 0;
            double previousLe = Double.NEGATIVE_INFINITY;
            for (Sample bucket : e.getValue()) {
                double le = number(bucket.labels.get("le"));
                if (le <= previousLe || bucket.value < previous) {
                    throw new FormatError(
                            0,
                            f.name
                                    + " buckets are not cumulative in order at le="
                                    + bucket.labels.get("le"));
                }
                previous = bucket.value;
                previousLe = le;
            }
            if (previousLe != Double.POSITIVE_INFINITY) {
                throw new FormatError(0, f.name + " has no +Inf bucket");
            }
            Map<String, String> labels = e.getKey();
            if (f.value(f.name + "_count", labels) != previous) {
                throw new FormatError(0, f.name + "_count differs from its +Inf bucket");
            }
        }
    }

    private Family family(String name) {
        return families.computeIfAbsent(name, n -> new Family(n, null, null, new ArrayList<>()));
    }

    private static double number(String text) {
        return switch (text) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                if (!text.matches("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?")) {
                    throw new FormatError(0, "not a number: " + text);
                }
                yield Double.parseDouble(text);
            }
        };
    }

    /** HELP text escapes only backslash and line feed. */
    private String unescape(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = ++i < text.length() ? text.charAt(i) : ' ';
            out.append(
                    switch (e) {
                        case '\\' -> '\\';
                        case 'n' -> '\n';
                        default -> throw error("bad escape \\" + e + " in HELP");
                    });
        }
        return out.toString();
    }

    private void requireName(String name) {
        if (!name.matches("[a-zA-Z_:][a-zA-Z0-9_:]*")) {
            throw error("bad metric name '" + name + "'");
        }
    }

    private String token(String first, String rest) {
        int start = pos;
        if (pos >= line.length() || !String.valueOf(line.charAt(pos)).matches(first)) {
            throw error("expected a name at column " + (pos + 1));
        }
        pos++;
        while (pos < line.length() && String.valueOf(line.charAt(pos)).matches(rest)) {
            pos++;
        }
        return line.substring(start, pos);
    }

    private char peek() {
        return pos < line.length() ? line.charAt(pos) : '\0';
    }

    private char next() {
        if (pos >= line.length()) {
            throw error("line ends inside a sample");
        }
        return line.charAt(pos++);
    }

    private void expect(char c) {
        if (next() != c) {
            throw error("expected '" + c + "' at column " + pos);
        }
    }

    private FormatError error(String message) {
        return new FormatError(lineNo, message + ": " + line);
    }
}
