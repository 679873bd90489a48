package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;

import org.jspecify.annotations.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

/** Writes diffs from {@link SnapshotDiff}'s walk, byte for byte as data binding would. */
final class DiffWriter {

    /** Each thread's generator and buffer, reused: a diff is written into it, then copied out. */
    private static final ThreadLocal<Output> OUTPUT =
            ThreadLocal.withInitial(() -> new Output(Json.MAPPER.getFactory()));

    /** Checked before the thread-local map, whose lookup missed the cache at every diff. */
    private static volatile @Nullable Output last;

    private static final String DIFF = Json.TYPE_NAMES.get(ServerMessage.Diff.class);

    /** Each record's components, read once per class: a diff then reflects on nothing. */
    static final ClassValue<Field[]> FIELDS =
            new ClassValue<>() {
                @Override
                protected Field[] computeValue(Class<?> type) {
                    return Arrays.stream(type.getRecordComponents())
                            .map(Field::of)
                            .toArray(Field[]::new);
                }
            };

    private DiffWriter() {}

    /** The diff message from {@code from} to {@code to}, in the thread's buffer until its next. */
    static Output write(long version, Snapshot from, Snapshot to, @Nullable Event event) {
        Output out = output();
        out.reset();
        JsonGenerator json = out.json;
        try {
            json.writeStartObject();
            json.writeStringField("type", DIFF);
            json.writeNumberField("version", version);
            json.writeArrayFieldStart("ops");
            SnapshotDiff.walk(from, to, json);
            json.writeEndArray();
            json.writeFieldName("event");
            writeValue(json, event);
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
        last = out;
        return out;
    }

    private static void forget() {
        OUTPUT.remove();
        last = null;
    }

    /** A byte buffer and its generator; with no root separator, diffs leave nothing between. */
    static final class Output extends ByteArrayOutputStream {
        final JsonGenerator json;
        final Thread owner = Thread.currentThread();

        Output(JsonFactory factory) {
            super(1024);
            try {
                json = factory.createGenerator(this);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            json.setRootValueSeparator(null);
        }

        /** The bytes written so far are the first {@link #size()} of this array. */
        byte[] buffer() {
            return buf;
        }
    }

    /** A snapshot value or an event, as data binding writes it. */
    static void writeValue(JsonGenerator json, @Nullable Object value) throws IOException {
        switch (value) {
            case null -> json.writeNull();
            case String s -> json.writeString(s);
            case WireWord w -> json.writeString(w.wire());
            case Integer i -> json.writeNumber(i);
            case Long l -> json.writeNumber(l);
            case Boolean b -> json.writeBoolean(b);
            case Record r -> {
                json.writeStartObject();
                if (r instanceof Event) {
                    json.writeStringField("kind", Json.TYPE_NAMES.get(r.getClass()));
                }
                for (Field field : FIELDS.get(r.getClass())) {
                    field.write(json, r);
                }
                json.writeEndObject();
            }
            case List<?> list -> {
                json.writeStartArray();
                for (Object element : list) {
                    writeValue(json, element);
                }
                json.writeEndArray();
            }
            default ->
                    throw new IllegalArgumentException(
                            "not a snapshot value: " + value.getClass().getName());
        }
    }

    /** A record component: its JSON name and its accessor, primitives read without boxing. */
    record Field(SerializedString name, Class<?> type, MethodHandle getter) {
        static Field of(RecordComponent component) {
            JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
            String name =
                    property == null || property.value().isEmpty()
                            ? component.getName()
                            : property.value();
            Class<?> type = component.getType().isPrimitive() ? component.getType() : Object.class;
            try {
                MethodHandle getter =
                        MethodHandles.lookup()
                                .unreflect(component.getAccessor())
                                .asType(MethodType.methodType(type, Object.class));
                return new Field(new SerializedString(name), type, getter);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot read " + component, e);
            }
        }

        void write(JsonGenerator json, Object record) throws IOException {
            json.writeFieldName(name);
            try {
                if (type == int.class) {
                    json.writeNumber((int) getter.invokeExact(record));
                } else if (type == long.class) {
                    json.writeNumber((long) getter.invokeExact(record));
                } else if (type == boolean.class) {
                    json.writeBoolean((boolean) getter.invokeExact(record));
                } else {
                    writeValue(json, (Object) getter.invokeExact(record));
                }
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        /** The component's value in {@code record}, boxed. */
        @Nullable Object value(Object record) {
            try {
                return getter.invoke(record);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
