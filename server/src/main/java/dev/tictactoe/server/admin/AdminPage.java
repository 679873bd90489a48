package dev.tictactoe.server.admin;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

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

    FullHttpResponse respond(String file, boolean head) {
        return AdminReplies.bytes(HttpResponseStatus.OK, files.get(file), TYPES.get(file), head);
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
