package dev.tictactoe.client;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** The server's HTTP API as the JDK client calls it: requests, text answers, unchecked failures. */
final class Http {
    /** Timeout of the connect and of the short calls. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI base;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    Http(URI base) {
        this.base = base;
    }

    /** A request for {@code path} on the server, with the short timeout. */
    HttpRequest.Builder to(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT);
    }

    /** A request carrying {@code json} as its body. */
    HttpRequest.Builder post(String path, String json) {
        return to(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    request.method() + " " + request.uri() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + request.uri(), e);
        }
    }

    CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest request) {
        return client.sendAsync(
                request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** The JSON in {@code text}, or null when there is none. */
    static @Nullable JsonNode parse(@Nullable String text) {
        try {
            return text == null || text.isBlank() ? null : MessageCodec.parse(text);
        } catch (ProtocolException e) {
            return null;
        }
    }
}
