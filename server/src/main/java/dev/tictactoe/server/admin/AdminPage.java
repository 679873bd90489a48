package dev.tictactoe.server.admin;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Objects;

/** The admin page's two files, read from the jar once. */
final class AdminPage {

    private static final Map<String, String> TYPES =
            Map.of(
                    "index.html", "text/html; charset=utf-8",
                    "admin.js", "text/javascript; charset=utf-8");

    private final Map<String, byte[]> files;

    AdminPage() {
        files = Map.of("index.html", read("index.html"), "admin.js", read("admin.js"));
    }

    /** One of the page's files: {@link AdminRouter} routes to no other name. */
    FullHttpResponse respond(String file, boolean head) {
        return AdminReplies.bytes(
                HttpResponseStatus.OK,
                Objects.requireNonNull(files.get(file), file),
                Objects.requireNonNull(TYPES.get(file), file),
                head);
    }

    private static byte[] read(String name) {
        try (InputStream in = AdminPage.class.getResourceAsStream("/admin/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks /admin/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
