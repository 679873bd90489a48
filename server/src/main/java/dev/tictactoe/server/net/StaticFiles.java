package dev.tictactoe.server.net;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The browser client, read once from the jar's {@code web/} folder. The page is never cached; the
 * assets live under {@code /assets/{version}/}, the version a hash of their content, so a browser
 * keeps them for good and a new build is a new path.
 */
final class StaticFiles {

    /** Every file of the client; a test checks that the folder holds exactly these. */
    static final List<String> ASSETS =
            List.of(
                    "app.css",
                    "icon.svg",
                    "icon-turn.svg",
                    "main.js",
                    "code.js",
                    "room-state.js",
                    "connection.js",
                    "board.js",
                    "room-view.js",
                    "review.js",
                    "analysis.js",
                    "eval-bar.js",
                    "lobby.js",
                    "announce.js",
                    "match.js",
                    "heartbeat.js",
                    "coords.js",
                    "confirm.js",
                    "move-list.js",
                    "own-move.js",
                    "page-status.js",
                    "phrases.js",
                    "sound.js");

    /**
     * Libraries served as assets from their WebJars: the page applies diffs with a stock RFC 6902
     * implementation (Starcounter-Jack's JSON-Patch, the one JSON Patch WebJar Maven Central
     * holds), so the browser proves what the protocol promises any client.
     */
    static final Map<String, String> LIBRARIES =
            Map.of(
                    "json-patch.js",
                    "/META-INF/resources/webjars/JSON-Patch/0.4.1/json-patch.min.js");

    static final String PAGE = "index.html";

    /** What the page's asset links carry in the source, replaced by the version at load. */
    static final String VERSION_MARK = "%VERSION%";

    /** Assets never change under a versioned path. */
    static final String ASSET_CACHE = "public, max-age=31536000, immutable";

    /** The page names the current version, so it is revalidated every time. */
    static final String PAGE_CACHE = "no-cache";

    /** Scripts and styles come from this server only; nothing inline, no frames, no plugins. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src"
                    + " 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final Pattern ROOM_LINK = Pattern.compile("^/r/[A-Za-z0-9-]{1,16}/?$");
    private static final Pattern ASSET =
            Pattern.compile("^/assets/([0-9a-f]+)/([a-z0-9-]+\\.[a-z]+)$");

    private final String version;
    private final StaticFile page;
    private final Map<String, StaticFile> assets = new LinkedHashMap<>();

    StaticFiles() {
        MessageDigest all = StaticFile.sha256();
        for (String name :
                Stream.concat(ASSETS.stream(), LIBRARIES.keySet().stream().sorted()).toList()) {
            byte[] bytes = read(name);
            if (ASSETS.contains(name) && (name.endsWith(".js") || name.endsWith(".css"))) {
                bytes = WholeLineComments.strip(bytes);
            }
            all.update(name.getBytes(StandardCharsets.UTF_8));
            all.update(bytes);
            assets.put(name, new StaticFile(bytes, contentType(name), ASSET_CACHE));
        }
        version = HexFormat.of().formatHex(all.digest()).substring(0, 12);
        byte[] html =
                new String(read(PAGE), StandardCharsets.UTF_8)
                        .replace(VERSION_MARK, version)
                        .getBytes(StandardCharsets.UTF_8);
        page = new StaticFile(html, contentType(PAGE), PAGE_CACHE);
    }

    /** The hash that names this build's assets. */
    String version() {
        return version;
    }

    /** Whether {@code path} is one of the client's: the page, a room link or an asset. */
    boolean serves(String path) {
        return path.equals("/")
                || path.equals("/index.html")
                || ROOM_LINK.matcher(path).matches()
                || path.startsWith("/assets/");
    }

    /** The answer to a GET (or, without its body, a HEAD) of a path {@link #serves} accepts. */
    FullHttpResponse respond(String path, HttpHeaders request, boolean head) {
        StaticFile file = page;
        if (path.startsWith("/assets/")) {
            Matcher m = ASSET.matcher(path);
            file = m.matches() ? assets.get(m.group(2)) : null;
            if (file == null) {
                return plain(HttpResponseStatus.NOT_FOUND, "no such file: " + path);
            }
            if (!m.group(1).equals(version)) {
                // A page from an older build: serve today's file, but do not let it be kept under
                // the old name.
                file = file.withCache(PAGE_CACHE);
            }
        }
        boolean gzip = StaticFile.acceptsGzip(request.get(HttpHeaderNames.ACCEPT_ENCODING));
        byte[] body = gzip ? file.gzipped() : file.bytes();
        String etag = gzip ? file.gzipEtag() : file.etag();
        boolean fresh = etag.equals(request.get(HttpHeaderNames.IF_NONE_MATCH));
        FullHttpResponse response =
                fresh || head
                        ? new DefaultFullHttpResponse(
                                HttpVersion.HTTP_1_1,
                                fresh ? HttpResponseStatus.NOT_MODIFIED : HttpResponseStatus.OK)
                        : new DefaultFullHttpResponse(
                                HttpVersion.HTTP_1_1,
                                HttpResponseStatus.OK,
                                Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, file.contentType())
                .set(HttpHeaderNames.ETAG, etag)
                .set(HttpHeaderNames.CACHE_CONTROL, file.cacheControl())
                .set(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, fresh ? 0 : body.length);
        if (gzip) {
            response.headers().set(HttpHeaderNames.CONTENT_ENCODING, StaticFile.GZIP);
        }
        secure(response.headers());
        return response;
    }

    /** A short text answer with the same protective headers. */
    static FullHttpResponse plain(HttpResponseStatus status, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response =
                new DefaultFullHttpResponse(
                        HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
                .set(HttpHeaderNames.CACHE_CONTROL, PAGE_CACHE)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        secure(response.headers());
        return response;
    }

    private static void secure(HttpHeaders headers) {
        headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .set("X-Content-Type-Options", "nosniff")
                .set("Referrer-Policy", "no-referrer")
                .set("X-Frame-Options", "DENY");
    }

    private static byte[] read(String name) {
        String resource = LIBRARIES.getOrDefault(name, "/web/" + name);
        try (InputStream in = StaticFiles.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the class path lacks " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String contentType(String name) {
        String ext = name.substring(name.lastIndexOf('.') + 1);
        return switch (ext) {
            case "html" -> "text/html; charset=utf-8";
            case "js" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "svg" -> "image/svg+xml";
            default -> throw new IllegalStateException("no content type for " + name);
        };
    }
}
