package dev.tictactoe.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The outcome of a capacity run: what each idle seated connection costs the target. */
record CapacityResult(
        String label,
        String mode,
        String target,
        int requested,
        int connections,
        long targetConnections,
        double connectSeconds,
        ServerMetrics before,
        ServerMetrics after,
        long clientHeapBefore,
        long clientHeapAfter,
        long errors,
        long unexpectedCloses,
        int setupFailures) {

    double heapPerConnection() {
        return Rates.perConnection(before.heapUsedBytes(), after.heapUsedBytes(), connections);
    }

    double rssPerConnection() {
        return Rates.perConnection(before.rssBytes(), after.rssBytes(), connections);
    }

    double clientHeapPerConnection() {
        return Rates.perConnection(clientHeapBefore, clientHeapAfter, connections);
    }

    ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("kind", "capacity");
        n.put("label", label);
        n.put("mode", mode);
        n.put("target", target);
        n.put("requested", requested);
        n.put("connections", connections);
        n.put("targetConnections", targetConnections);
        Json.put(n, "connectSeconds", connectSeconds);
        n.put("heapBefore", before.heapUsedBytes());
        n.put("heapAfter", after.heapUsedBytes());
        n.put("rssBefore", before.rssBytes());
        n.put("rssAfter", after.rssBytes());
        n.put("openFilesAfter", after.openFiles());
        Json.put(n, "heapBytesPerConnection", heapPerConnection());
        Json.put(n, "rssBytesPerConnection", rssPerConnection());
        Json.put(n, "clientHeapBytesPerConnection", clientHeapPerConnection());
        n.put("errors", errors);
        n.put("unexpectedCloses", unexpectedCloses);
        n.put("setupFailures", setupFailures);
        return n;
    }

    String table() {
        StringBuilder sb = new StringBuilder();
        LoadResult.row(
                sb, "target", mode + " at " + target + (label == null ? "" : " (" + label + ")"));
        LoadResult.row(
                sb,
                "connections",
                LoadResult.f(
                        "%d of %d open in %.1f s (target counts %d)",
                        connections, requested, connectSeconds, targetConnections));
        LoadResult.row(
                sb,
                "heap",
                LoadResult.f(
                        "%.0f B per connection (%.1f MiB -> %.1f MiB after a GC)",
                        heapPerConnection(),
                        before.heapUsedBytes() / 1048576.0,
                        after.heapUsedBytes() / 1048576.0));
        LoadResult.row(
                sb,
                "RSS",
                LoadResult.f(
                        "%.0f B per connection (%.1f MiB -> %.1f MiB)",
                        rssPerConnection(),
                        before.rssBytes() / 1048576.0,
                        after.rssBytes() / 1048576.0));
        LoadResult.row(
                sb,
                "client heap",
                LoadResult.f("%.0f B per connection", clientHeapPerConnection()));
        LoadResult.row(
                sb,
                "failures",
                LoadResult.f(
                        "%d errors, %d unexpected closes, %d rooms failed to set up",
                        errors, unexpectedCloses, setupFailures));
        return sb.toString();
    }
}
