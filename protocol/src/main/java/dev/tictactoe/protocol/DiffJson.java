package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

/** The JSON of a diff's values and event, as Jackson's data binding writes them, for any record. */
final class DiffJson {
    /** Each record's components, read once per class: a diff then reflects on nothing. */
    private static final ClassValue<Field[]> FIELDS =
            new ClassValue<>() {
                @Override
                protected Field[] computeValue(Class<?> type) {
                    return Arrays.stream(type.getRecordComponents())
                            .map(Field::of)
                            .toArray(Field[]::new);
                }
            };

    private DiffJson() {}

    /** A snapshot value, as data binding writes it. */
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
                writeFields(json, r);
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

    /** An event: its {@code kind}, named after its record, then its components. */
    static void writeEvent(JsonGenerator json, @Nullable Event event) throws IOException {
        if (event == null) {
            json.writeNull();
            return;
        }
        json.writeStartObject();
        json.writeStringField("kind", Json.TYPE_NAMES.get(event.getClass()));
        writeFields(json, (Record) event);
        json.writeEndObject();
    }

    private static void writeFields(JsonGenerator json, Record record) throws IOException {
        for (Field field : FIELDS.get(record.getClass())) {
            field.write(json, record);
        }
    }

    /** A record component: its JSON name and its accessor, primitives read without boxing. */
    private record Field(SerializedString name, Class<?> type, MethodHandle getter) {
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
    }
}
