package dev.tictactoe.server.flags;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;

/** The flags of one settings record: a picocli mixin, its fields named as the components. */
public abstract class Flags<R extends Record> {

    static Class<?> recordOf(Class<?> flags) {
        return (Class<?>)
                ((ParameterizedType) flags.getGenericSuperclass()).getActualTypeArguments()[0];
    }

    /** The record of the parsed flags; its refusal of a value is thrown as it is. */
    public final R settings() {
        @SuppressWarnings("unchecked")
        Class<R> type = (Class<R>) recordOf(getClass());
        RecordComponent[] parts = type.getRecordComponents();
        Object[] values = new Object[parts.length];
        Class<?>[] types = new Class<?>[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                Field flag = getClass().getDeclaredField(parts[i].getName());
                values[i] = flag.get(this);
                types[i] = parts[i].getType();
            }
            return type.getDeclaredConstructor(types).newInstance(values);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException refused) {
                throw refused;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    getClass().getSimpleName() + " has no flag for a component of " + type, e);
        }
    }
}
