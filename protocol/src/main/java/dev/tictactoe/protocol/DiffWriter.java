package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import org.jspecify.annotations.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Writes diffs from {@link SnapshotDiff}'s walk, byte for byte as data binding would. */
final class DiffWriter {

    /** Each thread's generator and buffer, reused: a diff is written into it, then copied out. */
    private static final ThreadLocal<Output> OUTPUT = new ThreadLocal<>();

    /** Checked before the thread-local map, whose lookup missed the cache at every diff. */
    private static volatile @Nullable Output last;

    private static final String DIFF = Json.TYPE_NAMES.get(ServerMessage.Diff.class);

    private DiffWriter() {}

    /**
     * The diff message from {@code from} to {@code to}, written as {@link SnapshotDiff} walks the
     * two, in the thread's buffer until the thread's next diff.
     */
    static Output write(long version, Snapshot from, Snapshot to, @Nullable Event event) {
        Output out = output();
        out.reset();
        JsonGenerator json = out.json;
        try {
            json.writeStartObject();
            json.writeStringField("type", DIFF);
            json.writeNumberField("version", version);
            json.writeArrayFieldStart("ops");
            SnapshotDiff.walk(from, to, out.sink);
            json.writeEndArray();
            json.writeFieldName("event");
            DiffJson.writeEvent(json, event);
            json.writeEndObject();
            json.flush();
        } catch (IOException e) {
            forget(); // the generator may be left inside a value: start the next diff afresh
            throw new UncheckedIOException("cannot encode a diff to version " + version, e);
        } catch (RuntimeException e) {
            forget();
            throw e;
        }
        return out;
    }

    private static Output output() {
        Output out = last;
        if (out != null && out.owner == Thread.currentThread()) {
            return out;
        }
        out = OUTPUT.get();
        if (out == null) {
            out = new Output(Json.MAPPER.getFactory());
            OUTPUT.set(out);
        }
        last = out;
        return out;
    }

    private static void forget() {
        OUTPUT.remove();
        last = null;
    }

    /**
     * A growable byte buffer with a generator writing into it. Each diff is one root value of the
     * generator; with no root separator, consecutive diffs leave nothing between them.
     */
    static final class Output extends ByteArrayOutputStream {
        final JsonGenerator json;
        final JsonSink sink;
        final Thread owner = Thread.currentThread();

        Output(JsonFactory factory) {
            super(1024);
            try {
                json = factory.createGenerator(this);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            json.setRootValueSeparator(null);
            sink = new JsonSink(json);
        }

        /** The bytes written so far are the first {@link #size()} of this array. */
        byte[] buffer() {
            return buf;
        }
    }

    /** Writes each operation {@link SnapshotDiff} finds as the JSON of its {@link PatchOp}. */
    private record JsonSink(JsonGenerator json) implements SnapshotDiff.Sink {
        @Override
        public void put(PatchOp.Op op, String path, @Nullable Object value) {
            try {
                json.writeStartObject();
                json.writeStringField("op", op.wire());
                json.writeStringField("path", path);
                json.writeFieldName("value");
                DiffJson.writeValue(json, value);
                json.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void remove(String path) {
            try {
                json.writeStartObject();
                json.writeStringField("op", PatchOp.Op.REMOVE.wire());
                json.writeStringField("path", path);
                json.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
