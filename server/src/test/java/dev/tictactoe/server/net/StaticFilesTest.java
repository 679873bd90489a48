package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.room.BotRunner;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The browser client's files and the Origin rule, answered by the request handler on an embedded
 * channel.
 */
class StaticFilesTest {

    private final ServerConfig config = ServerConfig.local();
    private final EventLoopGroup roomLoops =
            new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    private final BotRunner bots = new BotRunner(1, 10, config.rooms().botBudget(), null);
    private final Wiring wiring = Wiring.of(Wiring.rooms(config, roomLoops, bots), config);
    private final StaticFiles files = wiring.files();

    @AfterEach
    void stop() {
        bots.close();
        roomLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private EmbeddedChannel channel() {
        return new EmbeddedChannel(wiring.requestHandler());
    }

    private static FullHttpRequest get(String uri) {
        FullHttpRequest request =
                new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri);
        request.headers().set(HttpHeaderNames.HOST, "localhost:8080");
        return request;
    }

    private FullHttpResponse answer(FullHttpRequest request) {
        EmbeddedChannel channel = channel();
        channel.writeInbound(request);
        FullHttpResponse response = channel.readOutbound();
        assertThat(response).as("an answer to " + request.uri()).isNotNull();
        return response;
    }

    @Test
    void thePageIsServedAtTheRootAndAtRoomLinksAndIsNeverCached() {
        for (String uri : List.of("/", "/r/K7MQ2P", "/r/k7mq-2p")) {
            FullHttpResponse page = answer(get(uri));
            assertThat(page.status()).isEqualTo(HttpResponseStatus.OK);
            assertThat(page.headers().get(HttpHeaderNames.CONTENT_TYPE)).startsWith("text/html");
            assertThat(page.headers().get(HttpHeaderNames.CACHE_CONTROL)).isEqualTo("no-cache");
            assertThat(page.headers().get("Content-Security-Policy"))
                    .contains("script-src 'self'")
                    .doesNotContain("unsafe-inline");
            assertThat(page.headers().get("X-Content-Type-Options")).isEqualTo("nosniff");
            assertThat(page.content().toString(StandardCharsets.UTF_8))
                    .contains("/assets/" + files.version() + "/main.js")
                    .doesNotContain(StaticFiles.VERSION_MARK)
                    .doesNotContain("<script>");
            page.release();
        }
    }

    @Test
    void versionedAssetsAreCachedForGoodAndRevalidateByEtag() {
        FullHttpResponse js = answer(get("/assets/" + files.version() + "/main.js"));
        assertThat(js.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(js.headers().get(HttpHeaderNames.CONTENT_TYPE)).startsWith("text/javascript");
        assertThat(js.headers().get(HttpHeaderNames.CACHE_CONTROL))
                .isEqualTo(StaticFiles.ASSET_CACHE);
        String etag = js.headers().get(HttpHeaderNames.ETAG);
        js.release();

        FullHttpRequest again = get("/assets/" + files.version() + "/main.js");
        again.headers().set(HttpHeaderNames.IF_NONE_MATCH, etag);
        FullHttpResponse notModified = answer(again);
        assertThat(notModified.status()).isEqualTo(HttpResponseStatus.NOT_MODIFIED);
        assertThat(notModified.content().readableBytes()).isZero();

        FullHttpResponse old = answer(get("/assets/0123456789ab/main.js"));
        assertThat(old.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(old.headers().get(HttpHeaderNames.CACHE_CONTROL)).isEqualTo("no-cache");
        old.release();

        assertThat(answer(get("/assets/" + files.version() + "/../../etc/passwd")).status().code())
                .isIn(400, 404);
        assertThat(answer(get("/assets/" + files.version() + "/nope.js")).status())
                .isEqualTo(HttpResponseStatus.NOT_FOUND);
    }

    @Test
    void aCrossOriginUpgradeIsRefusedWithATypedForbidden() {
        FullHttpRequest upgrade = get("/rooms/K7MQ2P/ws");
        upgrade.headers()
                .set(HttpHeaderNames.UPGRADE, "websocket")
                .set(HttpHeaderNames.CONNECTION, "Upgrade")
                .set(HttpHeaderNames.ORIGIN, "http://evil.example");
        FullHttpResponse refused = answer(upgrade);
        assertThat(refused.status()).isEqualTo(HttpResponseStatus.FORBIDDEN);
        assertThat(refused.content().toString(StandardCharsets.UTF_8))
                .contains("\"code\":\"origin_not_allowed\"");
        refused.release();
    }

    @Test
    void theFolderHoldsExactlyTheListedFiles() throws IOException {
        try (Stream<Path> listing = Files.list(Path.of("src/main/resources/web"))) {
            List<String> names = listing.map(p -> p.getFileName().toString()).sorted().toList();
            List<String> expected =
                    Stream.concat(StaticFiles.ASSETS.stream(), Stream.of(StaticFiles.PAGE))
                            .sorted()
                            .toList();
            assertThat(names).isEqualTo(expected);
        }
    }

    /** What the page and every asset may weigh on the wire together, gzipped. */
    static final int PAGE_WEIGHT_BUDGET = 40 * 1024;

    private FullHttpResponse gzipped(String uri, String acceptEncoding) {
        FullHttpRequest request = get(uri);
        if (acceptEncoding != null) {
            request.headers().set(HttpHeaderNames.ACCEPT_ENCODING, acceptEncoding);
        }
        return answer(request);
    }

    private static byte[] body(FullHttpResponse response) {
        byte[] bytes = new byte[response.content().readableBytes()];
        response.content().readBytes(bytes);
        response.release();
        return bytes;
    }

    @Test
    void aBrowserThatAcceptsGzipGetsItUnderItsOwnEtag() throws IOException {
        String uri = "/assets/" + files.version() + "/main.js";
        FullHttpResponse plain = gzipped(uri, null);
        String plainTag = plain.headers().get(HttpHeaderNames.ETAG);
        assertThat(plain.headers().get(HttpHeaderNames.CONTENT_ENCODING)).isNull();
        assertThat(plain.headers().get(HttpHeaderNames.VARY)).isEqualTo("accept-encoding");
        byte[] text = body(plain);

        FullHttpResponse gz = gzipped(uri, "gzip, deflate, br, zstd");
        assertThat(gz.headers().get(HttpHeaderNames.CONTENT_ENCODING)).isEqualTo("gzip");
        assertThat(gz.headers().get(HttpHeaderNames.VARY)).isEqualTo("accept-encoding");
        String gzTag = gz.headers().get(HttpHeaderNames.ETAG);
        assertThat(gzTag).isNotEqualTo(plainTag).startsWith("\"").endsWith("-gzip\"");
        assertThat(gz.headers().getInt(HttpHeaderNames.CONTENT_LENGTH))
                .isEqualTo(gz.content().readableBytes());
        byte[] packed = body(gz);
        assertThat(packed.length).isLessThan(text.length / 2);
        try (var in = new GZIPInputStream(new ByteArrayInputStream(packed))) {
            assertThat(in.readAllBytes()).isEqualTo(text);
        }

        // Each tag revalidates its own encoding only.
        FullHttpRequest again = get(uri);
        again.headers().set(HttpHeaderNames.ACCEPT_ENCODING, "gzip");
        again.headers().set(HttpHeaderNames.IF_NONE_MATCH, gzTag);
        assertThat(answer(again).status()).isEqualTo(HttpResponseStatus.NOT_MODIFIED);
        FullHttpRequest other = get(uri);
        other.headers().set(HttpHeaderNames.ACCEPT_ENCODING, "gzip");
        other.headers().set(HttpHeaderNames.IF_NONE_MATCH, plainTag);
        FullHttpResponse full = answer(other);
        assertThat(full.status()).isEqualTo(HttpResponseStatus.OK);
        full.release();

        FullHttpResponse refused = gzipped("/", "gzip;q=0, identity");
        assertThat(refused.headers().get(HttpHeaderNames.CONTENT_ENCODING)).isNull();
        assertThat(refused.headers().get(HttpHeaderNames.VARY)).isEqualTo("accept-encoding");
        refused.release();
    }

    @Test
    void acceptEncodingIsReadAsRfc9110Says() {
        assertThat(StaticFiles.acceptsGzip("gzip")).isTrue();
        assertThat(StaticFiles.acceptsGzip("deflate, GZIP;q=0.5")).isTrue();
        assertThat(StaticFiles.acceptsGzip("*")).isTrue();
        assertThat(StaticFiles.acceptsGzip("x-gzip")).isTrue();
        assertThat(StaticFiles.acceptsGzip(null)).isFalse();
        assertThat(StaticFiles.acceptsGzip("")).isFalse();
        assertThat(StaticFiles.acceptsGzip("br, deflate")).isFalse();
        assertThat(StaticFiles.acceptsGzip("gzip;q=0")).isFalse();
        assertThat(StaticFiles.acceptsGzip("gzip; q=0.000")).isFalse();
        assertThat(StaticFiles.acceptsGzip("*, gzip;q=0")).isFalse();
        assertThat(StaticFiles.acceptsGzip("*;q=0")).isFalse();
        assertThat(StaticFiles.acceptsGzip("gzip;q=0.001")).isTrue();
    }

    @Test
    void thePageWithAllItsAssetsWeighsLessThanTheBudgetGzipped() {
        int total = body(gzipped("/", "gzip")).length;
        List<String> names =
                Stream.concat(StaticFiles.ASSETS.stream(), StaticFiles.LIBRARIES.keySet().stream())
                        .toList();
        for (String name : names) {
            total += body(gzipped("/assets/" + files.version() + "/" + name, "gzip")).length;
        }
        assertThat(total).isLessThan(PAGE_WEIGHT_BUDGET);
    }
}
