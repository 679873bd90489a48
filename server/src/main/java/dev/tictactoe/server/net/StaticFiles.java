package dev.tictactoe.server.net;

import static io.netty.handler.codec.http.HttpResponseStatus.NOT_FOUND;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.jspecify.annotations.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/** The browser client, read once; assets live under a hash of their content, cached for good. */
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

    /** Libraries served from their WebJars: the page applies diffs with a stock RFC 6902 one. */
    static final Map<String, String> LIBRARIES =
            Map.of(
                    "json-patch.js",
                    "/META-INF/resources/webjars/JSON-Patch/0.4.1/json-patch.min.js");

    static final String PAGE = "index.html";

    /** What the page's asset links carry in the source, replaced by the version at load. */
    static final String VERSION_MARK = "%VERSION%";

    static final String ASSET_CACHE = "public, max-age=31536000, immutable";

    static final String PAGE_CACHE = "no-cache";

    /** Scripts and styles come from this server only; nothing inline, no frames, no plugins. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src"
                    + " 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final Pattern ASSET =
            Pattern.compile("^/assets/([0-9a-f]+)/([a-z0-9-]+\\.[a-z]+)$");

    static final String GZIP = "gzip";

    private final String version;
    private final StaticFile page;
    private final Map<String, StaticFile> assets = new LinkedHashMap<>();

    StaticFiles() {
        MessageDigest all = sha256();
        for (String name :
                Stream.concat(ASSETS.stream(), LIBRARIES.keySet().stream().sorted()).toList()) {
            byte[] bytes = read(name);
            if (ASSETS.contains(name) && (name.endsWith(".js") || name.endsWith(".css"))) {
                bytes = stripComments(bytes);
            }
            all.update(name.getBytes(StandardCharsets.UTF_8));
            all.update(bytes);
            assets.put(name, new StaticFile(bytes, HttpReplies.contentType(name)));
        }
        version = HexFormat.of().formatHex(all.digest()).substring(0, 12);
        byte[] html =
                new String(read(PAGE), StandardCharsets.UTF_8)
                        .replace(VERSION_MARK, version)
                        .getBytes(StandardCharsets.UTF_8);
        page = new StaticFile(html, HttpReplies.contentType(PAGE));
    }

    String version() {
        return version;
    }

    /** The answer to a GET (or, without its body, a HEAD) of a path routed here. */
    FullHttpResponse respond(String path, HttpHeaders request, boolean head) {
        StaticFile file = page;
        String cache = PAGE_CACHE;
        if (path.startsWith("/assets/")) {
            Matcher m = ASSET.matcher(path);
            file = m.matches() ? assets.get(m.group(2)) : null;
            if (file == null) {
                byte[] text = ("no such file: " + path).getBytes(StandardCharsets.UTF_8);
                FullHttpResponse missing =
                        HttpReplies.bytes(NOT_FOUND, text, "text/plain; charset=utf-8", false);
                missing.headers().set(HttpHeaderNames.CACHE_CONTROL, PAGE_CACHE);
                return secure(missing);
            }
            // A page from an older build: today's file, but not to be kept under the old name.
            cache = m.group(1).equals(version) ? ASSET_CACHE : PAGE_CACHE;
        }
        boolean gzip = acceptsGzip(request.get(HttpHeaderNames.ACCEPT_ENCODING));
        String etag = gzip ? file.gzipEtag() : file.etag();
        boolean fresh = etag.equals(request.get(HttpHeaderNames.IF_NONE_MATCH));
        byte[] body = fresh ? new byte[0] : gzip ? file.gzipped() : file.bytes();
        HttpResponseStatus status = fresh ? HttpResponseStatus.NOT_MODIFIED : HttpResponseStatus.OK;
        FullHttpResponse response =
                HttpReplies.bytes(status, body, file.contentType(), fresh || head);
        response.headers()
                .set(HttpHeaderNames.ETAG, etag)
                .set(HttpHeaderNames.CACHE_CONTROL, cache)
                .set(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
        if (gzip) {
            response.headers().set(HttpHeaderNames.CONTENT_ENCODING, GZIP);
        }
        return secure(response);
    }

    private static FullHttpResponse secure(FullHttpResponse response) {
        response.headers()
                .set("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .set("Referrer-Policy", "no-referrer")
                .set("X-Frame-Options", "DENY");
        return response;
    }

    private static byte[] read(String name) {
        return HttpReplies.resource(LIBRARIES.getOrDefault(name, "/web/" + name));
    }

    /** One file: its bytes as they are and gzipped, each with its own ETag. */
    record StaticFile(byte[] bytes, byte[] gzipped, String contentType, String etag) {

        StaticFile(byte[] bytes, String contentType) {
            this(bytes, gzip(bytes), contentType, etagOf(bytes));
        }

        /** The gzipped copy's tag: the same hash, marked, so caches never mix the two. */
        String gzipEtag() {
            return etag.substring(0, etag.length() - 1) + "-" + GZIP + "\"";
        }
    }

    /** Whether Accept-Encoding takes gzip (or *) without q=0; refusing gzip wins over *. */
    static boolean acceptsGzip(@Nullable String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        Boolean named = null;
        boolean any = false;
        for (String part : acceptEncoding.split(",")) {
            String[] fields = part.split(";");
            String coding = fields[0].strip().toLowerCase(Locale.ROOT);
            boolean refused = false;
            for (int i = 1; i < fields.length; i++) {
                String param = fields[i].strip().toLowerCase(Locale.ROOT);
                if (param.startsWith("q=")) {
                    refused = param.substring(2).strip().matches("0(\\.0{0,3})?");
                }
            }
            if (coding.equals(GZIP) || coding.equals("x-gzip")) {
                named = !refused;
            } else if (coding.equals("*")) {
                any = !refused;
            }
        }
        return named != null ? named : any;
    }

    /** At the best level: done once per file at start-up, so time does not matter. */
    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 3 + 64);
        try (GZIPOutputStream gz =
                new GZIPOutputStream(out) {
                    {
                        def.setLevel(Deflater.BEST_COMPRESSION);
                    }
                }) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static String etagOf(byte[] bytes) {
        return "\"" + HexFormat.of().formatHex(sha256().digest(bytes)).substring(0, 16) + "\"";
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Drops whole-line comments, a fifth of the page's weight; code on the line keeps its own. */
    static byte[] stripComments(byte[] source) {
        StringBuilder out = new StringBuilder(source.length);
        boolean inBlock = false;
        for (String line : new String(source, StandardCharsets.UTF_8).lines().toList()) {
            String trimmed = line.strip();
            if (inBlock) {
                inBlock = !trimmed.endsWith("*/");
            } else if (trimmed.startsWith("/*")) {
                inBlock = !trimmed.endsWith("*/") || trimmed.length() < 4;
            } else if (!trimmed.startsWith("//")) {
                out.append(line).append('\n');
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
