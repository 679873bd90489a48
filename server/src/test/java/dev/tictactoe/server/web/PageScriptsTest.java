package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The page's logic (room state, gaps and resync, backoff, close codes, heartbeat) under node's own
 * test runner, without a browser: the scripts in src/test/js import the page's modules as they are
 * served. Skipped without node, except on CI (CI set), where it fails.
 */
class PageScriptsTest {

    static final Path SCRIPTS = Path.of("src", "test", "js");

    /** A bound on a node run that hangs, far above the second or so the scripts take. */
    static final long NODE_LIMIT_MINUTES = 2;

    @Test
    void theNodeTestsOfThePagePass(@TempDir Path tmp) throws Exception {
        requireNode();
        List<String> command = new ArrayList<>(List.of("node", "--test"));
        try (Stream<Path> files = Files.list(SCRIPTS)) {
            files.map(Path::toString)
                    .filter(f -> f.endsWith(".test.mjs"))
                    .sorted()
                    .forEach(command::add);
        }
        assertThat(command).hasSizeGreaterThan(2);
        Path log = tmp.resolve("node.log");
        ProcessBuilder pb =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("JSON_PATCH", jsonPatch(tmp).toString());
        Process node = pb.start();
        if (!node.waitFor(NODE_LIMIT_MINUTES, TimeUnit.MINUTES)) {
            node.destroyForcibly();
            fail("node --test did not finish:%n%s", Files.readString(log));
        }
        String output = Files.readString(log);
        assertThat(node.exitValue()).as(output).isZero();
        assertThat(output).contains("# fail 0");
    }

    private static void requireNode() throws InterruptedException {
        boolean present;
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            present = p.waitFor() == 0;
        } catch (IOException e) {
            present = false;
        }
        String why = "the page's unit tests need node (apt-get install nodejs)";
        if (!present && System.getenv("CI") != null) {
            fail(why);
        }
        assumeTrue(present, why);
    }

    /** The JSON Patch library the page is served, from its WebJar, as a file for node. */
    private static Path jsonPatch(Path dir) throws IOException {
        Properties p = new Properties();
        try (InputStream in =
                PageScriptsTest.class.getResourceAsStream(
                        "/META-INF/maven/org.webjars/JSON-Patch/pom.properties")) {
            p.load(in);
        }
        String resource =
                "/META-INF/resources/webjars/JSON-Patch/"
                        + p.getProperty("version")
                        + "/json-patch.min.js";
        Path file = dir.resolve("json-patch.js");
        try (InputStream in = PageScriptsTest.class.getResourceAsStream(resource)) {
            Files.writeString(file, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        return file;
    }
}
