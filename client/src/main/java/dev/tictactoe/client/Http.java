package dev.tictactoe.client;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.WireWord;

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
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/** The server's HTTP API as the JDK client calls it: requests, answers read strictly, refusals. */
record Http(URI base, HttpClient client) {
    /** Timeout of the connect and of the short calls. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** Binds answers: every field present, of its type, null only where a record allows it. */
    private static final ObjectMapper STRICT =
            MessageCodec.mapper()
                    .copy()
                    .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .setDefaultSetterInfo(JsonSetter.Value.forValueNulls(Nulls.FAIL));

    Http(URI base) {
        this(base, HttpClient.newBuilder().connectTimeout(TIMEOUT).build());
    }

    /** A request for {@code path} on the server, with the short timeout. */
    HttpRequest.Builder to(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT);
    }

    HttpRequest.Builder post(String path, String json) {
        return to(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    /** Sends {@code request} and waits for its answer; a failure is thrown as it is. */
    HttpResponse<String> send(HttpRequest request) {
        try {
            return call(request, response -> response).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** Sends {@code request} and reads its answer; cancelling the answer aborts the exchange. */
    <T> CompletableFuture<T> call(HttpRequest request, Function<HttpResponse<String>, T> read) {
        CompletableFuture<HttpResponse<String>> sent =
                client.sendAsync(
                        request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        CompletableFuture<T> answer =
                sent.handle(
                        (response, failure) -> {
                            if (failure == null) {
                                return read.apply(response);
                            }
                            throw unreachable(request, failure);
                        });
        // A dependent future does not cancel its source by itself: abort the exchange too.
        answer.whenComplete(
                (done, failure) -> {
                    if (answer.isCancelled()) {
                        sent.cancel(true);
                    }
                });
        return answer;
    }

    private static UncheckedIOException unreachable(HttpRequest request, Throwable failure) {
        Throwable inner = failure.getCause();
        Throwable cause = failure instanceof CompletionException && inner != null ? inner : failure;
        String what = request.method() + " " + request.uri() + ": " + cause.getMessage();
        return new UncheckedIOException(
                what, cause instanceof IOException io ? io : new IOException(cause));
    }

    static @Nullable JsonNode parse(@Nullable String text) {
        try {
            return text == null || text.isBlank() ? null : MessageCodec.parse(text);
        } catch (ProtocolException e) {
            return null;
        }
    }

    /** The JSON body of a 2xx answer; anything else throws its {@link #refusal}. */
    static JsonNode expect(HttpResponse<String> response, String what) {
        JsonNode body = parse(response.body());
        if (response.statusCode() / 100 == 2 && body != null) {
            return body;
        }
        throw refusal(response.statusCode(), response.body(), what);
    }

    static String field(@Nullable JsonNode body, String name, String otherwise) {
        JsonNode value = body == null ? null : body.get(name);
        return value != null && value.isTextual() ? value.textValue() : otherwise;
    }

    /** The {@code message} of an error body, or the body itself. */
    static String message(String text) {
        return field(parse(text), "message", text);
    }

    /** The refusal an HTTP status means, for answers (and upgrades) whose body names none. */
    static @Nullable ErrorCode codeOf(int status) {
        return switch (status) {
            case 404 -> ErrorCode.UNKNOWN_ROOM;
            case 400 -> ErrorCode.INVALID_SETTINGS;
            case 429 -> ErrorCode.RATE_LIMITED;
            case 503 -> ErrorCode.SERVER_FULL;
            default -> null;
        };
    }

    /** An answer that is not the one asked for, as the {@link ProtocolException} it means. */
    static ProtocolException refusal(int status, String text, String what) {
        JsonNode body = parse(text);
        String wire = field(body, "code", "");
        ErrorCode known = WireWord.find(ErrorCode.values(), wire);
        ErrorCode meant = known != null ? known : codeOf(status);
        ErrorCode code =
                meant != null
                        ? meant
                        : status / 100 == 2 ? ErrorCode.BAD_MESSAGE : ErrorCode.INTERNAL_ERROR;
        String message = field(body, "message", text);
        String unknown = known == null && !wire.isEmpty() ? wire + ": " : "";
        return new ProtocolException(code, what + ": HTTP " + status + ": " + unknown + message);
    }

    /** {@code body} bound to {@code type}; a missing, null or mistyped field is refused. */
    static <T> T read(JsonNode body, Class<T> type, String what) {
        try {
            return STRICT.treeToValue(body, type);
        } catch (JsonMappingException e) {
            StringBuilder at = new StringBuilder(what);
            for (JsonMappingException.Reference r : e.getPath()) {
                String field = r.getFieldName();
                at.append(field != null ? "." + field : "[" + r.getIndex() + "]");
            }
            String text = body.toString();
            String shown = text.length() > 200 ? text.substring(0, 200) + "..." : text;
            String problem = ": " + e.getOriginalMessage() + " in " + shown;
            throw new ProtocolException(ErrorCode.BAD_MESSAGE, at + problem);
        } catch (JsonProcessingException e) {
            throw new ProtocolException(
                    ErrorCode.BAD_MESSAGE, what + ": " + e.getOriginalMessage());
        }
    }
}
