package dev.tictactoe.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a journal directory on start. Rules: temporary files of an unfinished compaction are
 * deleted; segments older than the newest compacted one are obsolete and deleted; every segment but
 * the last must be whole, else the journal is refused (history would silently go missing); the last
 * one is cut at its first record that does not check (a write torn by a crash or power loss), with
 * one warning.
 */
final class Recovery {

    private static final Logger log = LoggerFactory.getLogger(Recovery.class);

    /**
     * The outcome: rooms' histories in first-seen order, where each live room starts, the size of
     * every segment by number, where the whole records of the last one end (0: no header), and the
     * format version of the last one's header (0: none).
     */
    record State(
            Map<String, List<JournalRecord>> rooms,
            LiveIndex index,
            TreeMap<Long, Long> segments,
            long lastGoodEnd,
            int lastVersion) {}

    private final Map<String, List<JournalRecord>> rooms = new LinkedHashMap<>();
    private final LiveIndex index = new LiveIndex();

    private Recovery() {}

    static State read(Path dir) throws IOException {
        return new Recovery().run(dir);
    }

    private State run(Path dir) throws IOException {
        TreeMap<Long, Path> files = new TreeMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path file : entries) {
                if (file.getFileName().toString().endsWith(JournalFormat.TEMP_SUFFIX)) {
                    log.info("deleting {}, left by a compaction that did not finish", file);
                    Files.delete(file);
                } else if (JournalFormat.seqOf(file) >= 0) {
                    files.put(JournalFormat.seqOf(file), file);
                }
            }
        }
        dropObsolete(files);
        TreeMap<Long, Long> sizes = new TreeMap<>();
        long lastGoodEnd = 0;
        int lastVersion = 0;
        for (Map.Entry<Long, Path> e : files.entrySet()) {
            long seq = e.getKey();
            Path file = e.getValue();
            SegmentReader.Scan scan =
                    SegmentReader.scan(
                            file, (r, offset) -> apply(r, new LiveIndex.Pos(seq, offset)));
            boolean last = seq == files.lastKey();
            if (!scan.clean() && !last) {
                throw new JournalFormatException(
                        file
                                + " is damaged in the middle of the journal: "
                                + scan.problem()
                                + ". Later segments depend on it; restore it or move the journal"
                                + " aside to start empty");
            }
            if (!scan.clean() && scan.size() > 0) {
                log.warn(
                        "journal {}: {}; cutting {} bytes after the last whole record at offset {}",
                        file,
                        scan.problem(),
                        scan.size() - scan.goodEnd(),
                        scan.goodEnd());
            }
            sizes.put(seq, scan.goodEnd());
            lastGoodEnd = scan.goodEnd();
            lastVersion = scan.version();
        }
        return new State(rooms, index, sizes, lastGoodEnd, lastVersion);
    }

    /** Deletes the segments that the newest compacted segment replaced (a crash left them). */
    private static void dropObsolete(TreeMap<Long, Path> files) throws IOException {
        long base = -1;
        for (Map.Entry<Long, Path> e : files.descendingMap().entrySet()) {
            Boolean compacted = SegmentReader.compacted(e.getValue());
            if (compacted != null && compacted) {
                base = e.getKey();
                break;
            }
        }
        for (Long seq : new ArrayList<>(files.headMap(base, false).keySet())) {
            log.info("deleting {}, replaced by compacted segment {}", files.get(seq), base);
            Files.delete(files.remove(seq));
        }
    }

    private void apply(JournalRecord r, LiveIndex.Pos pos) {
        index.apply(r.room(), r.kind(), pos.seq(), pos.offset());
        switch (r.kind()) {
            case END -> rooms.remove(r.room());
            case CHECKPOINT -> {
                List<JournalRecord> fresh = new ArrayList<>();
                fresh.add(r);
                rooms.put(r.room(), fresh);
            }
            default -> rooms.computeIfAbsent(r.room(), k -> new ArrayList<>()).add(r);
        }
    }
}
