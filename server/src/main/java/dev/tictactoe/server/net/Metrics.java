package dev.tictactoe.server.net;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The {@code /metrics} document. */
final class Metrics {

    private Metrics() {}

    /** {@code gc}: collect first, so the heap figure is what is live (benchmarks only). */
    static ObjectNode of(Services services, boolean gc) {
        if (gc) {
            System.gc();
        }
        ServerStats stats = services.stats();
        ObjectNode node = HttpReplies.JSON.createObjectNode();
        node.put("rooms", services.rooms().size());
        node.put("connections", stats.connections.sum());
        node.put("openConnections", services.state().channels.size());
        node.put("messages", stats.messages.sum());
        ServerState.Pending pending = services.state().pendingOutbound();
        node.put("pendingOutboundBytes", pending.total());
        node.put("maxPendingOutboundBytes", pending.most());
        node.put("tooSlowClosed", stats.tooSlow.sum());
        node.put("throttledLookups", stats.throttledLookups.sum());
        node.put("heapUsedBytes", ProcessStats.heapUsed());
        node.put("rssBytes", ProcessStats.rss());
        node.put("processCpuNanos", ProcessStats.cpuNanos());
        node.put("openFiles", ProcessStats.openFiles());
        node.put("maxOpenFiles", ProcessStats.maxFiles());
        return node;
    }
}
