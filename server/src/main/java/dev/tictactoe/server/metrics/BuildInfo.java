package dev.tictactoe.server.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version and commit the build wrote in {@code build.properties}, or "unknown". */
public record BuildInfo(String version, String commit) {

    public static final String UNKNOWN = "unknown";

    public static final BuildInfo CURRENT = load();

    /** "0.1.0 (commit 1a2b3c4d5e6f)". */
    public String describe() {
        return version + " (commit " + commit + ")";
    }

    private static BuildInfo load() {
        Properties properties = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read build.properties", e);
        }
        return new BuildInfo(
                field(properties.getProperty("version")), field(properties.getProperty("commit")));
    }

    /** A value the build did not fill in stays a placeholder: "${...}". */
    static String field(String value) {
        return value == null || value.isBlank() || value.startsWith("${") ? UNKNOWN : value.trim();
    }
}
