package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.server.metrics.BuildInfo;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.store.Store;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;

/** Health, readiness and metrics: one answer for the public port and the admin port. */
public record ProbeReplies(
        ServerState state, ServerMetrics metrics, @Nullable Store store, boolean benchEndpoints) {

    public FullHttpResponse health(boolean head) {
        return HttpReplies.json(
                HttpResponseStatus.OK,
                JSON.createObjectNode()
                        .put("status", "ok")
                        .put("version", BuildInfo.CURRENT.version())
                        .put("commit", BuildInfo.CURRENT.commit()),
                head);
    }

    public FullHttpResponse ready(boolean head) {
        String problem = store == null ? null : store.problem();
        boolean yes = state.ready() && problem == null;
        ObjectNode body = JSON.createObjectNode().put("ready", yes);
        if (problem != null) {
            body.put("problem", problem);
        }
        return HttpReplies.json(
                yes ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE, body, head);
    }

    public FullHttpResponse metrics(boolean gc) {
        if (gc && benchEndpoints) {
            System.gc();
        }
        byte[] text = metrics.scrape().getBytes(StandardCharsets.UTF_8);
        return HttpReplies.bytes(HttpResponseStatus.OK, text, ServerMetrics.CONTENT_TYPE, false);
    }
}
