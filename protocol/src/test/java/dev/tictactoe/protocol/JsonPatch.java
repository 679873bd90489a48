package dev.tictactoe.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * RFC 6902 JSON Patch over trees, written apart from the main code: the diff is the reference
 * {@link SnapshotDiff} is held to, the applier a second one beside the stock library.
 */
final class JsonPatch {
    /** RFC 6902 compares numbers by value: 1, 1.0 and a long 1 are equal. */
    private static final Comparator<JsonNode> NUMERIC_EQUALITY =
            (a, b) -> {
                if (a.isNumber() && b.isNumber()) {
                    return a.decimalValue().compareTo(b.decimalValue());
                }
                return a.equals(b) ? 0 : 1;
            };

    private JsonPatch() {}

    /**
     * A patch turning {@code from} into {@code to}, using add, remove and replace only. Objects are
     * compared key by key; arrays element by element over their common length, then extra elements
     * are added or removed at the end (highest index first), which suits append-mostly lists; an
     * array that would need more operations than it has elements is replaced whole.
     */
    static List<PatchOp> diff(JsonNode from, JsonNode to) {
        List<PatchOp> ops = new ArrayList<>();
        diff("", from, to, ops);
        return ops;
    }

    private static void diff(String path, JsonNode a, JsonNode b, List<PatchOp> ops) {
        if (a.equals(b)) {
            return;
        }
        if (a.isObject() && b.isObject()) {
            for (Iterator<String> it = a.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!b.has(name)) {
                    ops.add(new PatchOp(PatchOp.Op.REMOVE, path + "/" + escape(name), null, null));
                }
            }
            for (Map.Entry<String, JsonNode> e : b.properties()) {
                String child = path + "/" + escape(e.getKey());
                JsonNode old = a.get(e.getKey());
                if (old == null) {
                    ops.add(new PatchOp(PatchOp.Op.ADD, child, e.getValue().deepCopy(), null));
                } else {
                    diff(child, old, e.getValue(), ops);
                }
            }
        } else if (a.isArray() && b.isArray()) {
            List<PatchOp> elementwise = new ArrayList<>();
            int common = Math.min(a.size(), b.size());
            for (int i = 0; i < common; i++) {
                diff(path + "/" + i, a.get(i), b.get(i), elementwise);
            }
            for (int i = common; i < b.size(); i++) {
                elementwise.add(
                        new PatchOp(PatchOp.Op.ADD, path + "/" + i, b.get(i).deepCopy(), null));
            }
            for (int i = a.size() - 1; i >= common; i--) {
                elementwise.add(new PatchOp(PatchOp.Op.REMOVE, path + "/" + i, null, null));
            }
            if (SnapshotDiff.replacesWhole(elementwise.size(), b.size())) {
                ops.add(new PatchOp(PatchOp.Op.REPLACE, path, b.deepCopy(), null));
            } else {
                ops.addAll(elementwise);
            }
        } else {
            ops.add(new PatchOp(PatchOp.Op.REPLACE, path, b.deepCopy(), null));
        }
    }

    /**
     * Applies {@code ops} in order to a deep copy of {@code doc} and returns the result; {@code
     * doc} is left untouched. Supports all six operations.
     *
     * @throws JsonPatchException naming the operation when a path does not resolve or a test fails
     */
    static JsonNode apply(JsonNode doc, List<PatchOp> ops) {
        JsonNode root = doc.deepCopy();
        for (int i = 0; i < ops.size(); i++) {
            PatchOp op = ops.get(i);
            try {
                root = apply(root, op);
            } catch (JsonPatchException e) {
                throw new JsonPatchException(
                        "op "
                                + i
                                + " ("
                                + op.op().wire()
                                + " "
                                + op.path()
                                + "): "
                                + e.getMessage());
            }
        }
        return root;
    }

    private static JsonNode apply(JsonNode root, PatchOp op) {
        List<String> path = parse(op.path());
        return switch (op.op()) {
            case ADD -> add(root, path, value(op).deepCopy());
            case REMOVE -> {
                remove(root, path);
                yield root;
            }
            case REPLACE -> {
                yield replace(root, path, value(op).deepCopy());
            }
            case MOVE -> {
                List<String> from = parse(from(op));
                if (path.size() > from.size() && path.subList(0, from.size()).equals(from)) {
                    throw new JsonPatchException("cannot move a value into itself");
                }
                JsonNode value = get(root, from);
                if (from.isEmpty()) {
                    yield add(root, path, value); // moving the root onto itself only
                }
                remove(root, from);
                yield add(root, path, value);
            }
            case COPY -> add(root, path, get(root, parse(from(op))).deepCopy());
            case TEST -> {
                JsonNode actual = get(root, path);
                if (!actual.equals(NUMERIC_EQUALITY, value(op))) {
                    throw new JsonPatchException("test failed: value is " + Json.show(actual));
                }
                yield root;
            }
        };
    }

    private static JsonNode value(PatchOp op) {
        if (op.value() == null) {
            throw new JsonPatchException("missing value");
        }
        return op.value();
    }

    private static String from(PatchOp op) {
        if (op.from() == null) {
            throw new JsonPatchException("missing from");
        }
        return op.from();
    }

    private static JsonNode add(JsonNode root, List<String> path, JsonNode value) {
        if (path.isEmpty()) {
            return value;
        }
        JsonNode parent = get(root, path.subList(0, path.size() - 1));
        String last = path.get(path.size() - 1);
        if (parent instanceof ObjectNode object) {
            object.set(last, value);
        } else if (parent instanceof ArrayNode array) {
            if (last.equals("-")) {
                array.add(value);
            } else {
                array.insert(index(last, array.size()), value);
            }
        } else {
            throw new JsonPatchException("parent is not a container");
        }
        return root;
    }

    private static JsonNode replace(JsonNode root, List<String> path, JsonNode value) {
        if (path.isEmpty()) {
            return value;
        }
        JsonNode parent = get(root, path.subList(0, path.size() - 1));
        String last = path.get(path.size() - 1);
        if (parent instanceof ObjectNode object) {
            if (!object.has(last)) {
                throw new JsonPatchException("no member " + Json.show(last));
            }
            object.set(last, value); // in place: keeps the member's position
        } else if (parent instanceof ArrayNode array) {
            array.set(index(last, array.size() - 1), value);
        } else {
            throw new JsonPatchException("parent is not a container");
        }
        return root;
    }

    private static void remove(JsonNode root, List<String> path) {
        if (path.isEmpty()) {
            throw new JsonPatchException("cannot remove the whole document");
        }
        JsonNode parent = get(root, path.subList(0, path.size() - 1));
        String last = path.get(path.size() - 1);
        if (parent instanceof ObjectNode object) {
            if (object.remove(last) == null) {
                throw new JsonPatchException("no member " + Json.show(last));
            }
        } else if (parent instanceof ArrayNode array) {
            array.remove(index(last, array.size() - 1));
        } else {
            throw new JsonPatchException("parent is not a container");
        }
    }

    private static JsonNode get(JsonNode root, List<String> path) {
        JsonNode node = root;
        for (String token : path) {
            JsonNode next;
            if (node.isObject()) {
                next = node.get(token);
            } else if (node.isArray()) {
                next = node.get(index(token, node.size() - 1));
            } else {
                next = null;
            }
            if (next == null) {
                throw new JsonPatchException("no value at " + Json.show(token));
            }
            node = next;
        }
        return node;
    }

    /** An array index 0..max: decimal digits without a leading zero, as RFC 6901 requires. */
    private static int index(String token, int max) {
        boolean digits = !token.isEmpty() && token.chars().allMatch(c -> c >= '0' && c <= '9');
        if (!digits || (token.length() > 1 && token.charAt(0) == '0') || token.length() > 9) {
            throw new JsonPatchException("bad array index " + Json.show(token));
        }
        int i = Integer.parseInt(token);
        if (i > max) {
            throw new JsonPatchException("array index " + i + " out of bounds");
        }
        return i;
    }

    /** Splits an RFC 6901 JSON Pointer into unescaped tokens. */
    static List<String> parse(String pointer) {
        if (pointer.isEmpty()) {
            return List.of();
        }
        if (pointer.charAt(0) != '/') {
            throw new JsonPatchException("path must start with '/'");
        }
        List<String> tokens = new ArrayList<>();
        int start = 1;
        while (true) {
            int slash = pointer.indexOf('/', start);
            String raw = slash < 0 ? pointer.substring(start) : pointer.substring(start, slash);
            tokens.add(unescape(raw));
            if (slash < 0) {
                return tokens;
            }
            start = slash + 1;
        }
    }

    /** Escapes one JSON Pointer token: '~' as "~0", '/' as "~1". */
    static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
            return token;
        }
        return token.replace("~", "~0").replace("/", "~1");
    }

    private static String unescape(String raw) {
        if (raw.indexOf('~') < 0) {
            return raw;
        }
        StringBuilder sb = new StringBuilder(raw.length());
        int i = 0;
        while (i < raw.length()) {
            char c = raw.charAt(i++);
            if (c != '~') {
                sb.append(c);
                continue;
            }
            char next = i < raw.length() ? raw.charAt(i++) : ' ';
            if (next == '0') {
                sb.append('~');
            } else if (next == '1') {
                sb.append('/');
            } else {
                throw new JsonPatchException("bad escape in " + Json.show(raw));
            }
        }
        return sb.toString();
    }
}
