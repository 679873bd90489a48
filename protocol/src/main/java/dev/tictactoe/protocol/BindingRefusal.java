package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

import java.io.IOException;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What data binding refused, told as the path of the field at fault and what it expected. */
final class BindingRefusal {
    private static final Pattern MISSING =
            Pattern.compile("Missing required creator property '([^']*)'");

    private static final Pattern TYPE_RANGE =
            Pattern.compile("out of range of \\w+ \\((-?\\d+) - (-?\\d+)\\)");

    private BindingRefusal() {}

    static ProtocolException of(IOException e, JsonNode root, String name) {
        if (e instanceof InvalidDefinitionException) {
            throw new IllegalStateException("the protocol's records do not bind", e);
        }
        StringBuilder path = new StringBuilder(name);
        JsonNode at = root;
        if (e instanceof JsonMappingException mapping) {
            for (JsonMappingException.Reference ref : mapping.getPath()) {
                if (ref.getFieldName() != null) {
                    path.append('.').append(ref.getFieldName());
                    at = at == null ? null : at.get(ref.getFieldName());
                } else if (ref.getIndex() >= 0) {
                    path.append('[').append(ref.getIndex()).append(']');
                    at = at == null ? null : at.get(ref.getIndex());
                }
            }
        }
        if (e instanceof ValueInstantiationException
                && e.getCause() instanceof ProtocolException p) {
            // A record's own check, which names its field.
            return new ProtocolException(p.code(), path + "." + p.getMessage());
        }
        if (e instanceof ValueInstantiationException) {
            return Json.bad(path.toString(), "holds a null where a value must be");
        }
        if (e instanceof UnrecognizedPropertyException) {
            return Json.bad(path.toString(), "unknown field");
        }
        Matcher missing = MISSING.matcher(String.valueOf(e.getMessage()));
        if (missing.find()) {
            // Jackson names the field in the path already, except for a record's only one.
            String field = "." + missing.group(1);
            boolean named = path.toString().endsWith(field);
            return Json.bad(named ? path.toString() : path + field, "missing required field");
        }
        Throwable numeric = e instanceof InputCoercionException ? e : e.getCause();
        if (numeric instanceof InputCoercionException tooBig) {
            Matcher range = TYPE_RANGE.matcher(String.valueOf(tooBig.getOriginalMessage()));
            String bounds = range.find() ? " " + range.group(1) + ".." + range.group(2) : "";
            return Json.bad(
                    path.toString(), "expected an integer" + bounds + ", got " + Json.show(at));
        }
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return Json.bad(
                    path.toString(),
                    "expected " + expected(mismatch.getTargetType()) + ", got " + Json.show(at));
        }
        String said =
                e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
        return Json.bad(path.toString(), String.valueOf(said));
    }

    private static String expected(Class<?> type) {
        if (WireWord.class.isAssignableFrom(type) && type.isEnum()) {
            return "one of "
                    + String.join(", ", WireWord.spellings((WireWord[]) type.getEnumConstants()));
        }
        if (type == int.class
                || type == Integer.class
                || type == long.class
                || type == Long.class) {
            return "an integer";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        return Collection.class.isAssignableFrom(type) ? "an array" : "an object";
    }
}
