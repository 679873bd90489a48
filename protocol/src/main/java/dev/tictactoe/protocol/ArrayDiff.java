package dev.tictactoe.protocol;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * The one array diff of the protocol, shared by {@link JsonPatch#diff} (trees) and {@link
 * SnapshotDiff} (records): elements are compared over the common length, extra elements are added
 * or removed at the end (highest index first), which suits append-mostly lists; when that takes
 * more operations than the new array has elements (a list cleared for a new game), the array is
 * replaced whole.
 */
final class ArrayDiff {
    private ArrayDiff() {}

    /**
     * Whether an array that {@code elementOps} operations would patch element by element is better
     * replaced whole, now {@code toSize} elements long.
     */
    static boolean replacesWhole(int elementOps, int toSize) {
        return elementOps > 1 && elementOps > toSize;
    }

    /** Appends to {@code out} the operations for element {@code i}, found at {@code path}. */
    interface Element {
        void diff(String path, int i, List<PatchOp> out);
    }

    /**
     * {@code same} says cheaply that element {@code i} did not change, so a long list that grew by
     * one costs no path strings for the elements it kept.
     */
    static void diff(
            String path,
            int fromSize,
            int toSize,
            IntPredicate same,
            Element element,
            IntFunction<JsonNode> added,
            Supplier<JsonNode> whole,
            List<PatchOp> ops) {
        List<PatchOp> elementwise = new ArrayList<>();
        int common = Math.min(fromSize, toSize);
        for (int i = 0; i < common; i++) {
            if (!same.test(i)) {
                element.diff(path + "/" + i, i, elementwise);
            }
        }
        for (int i = common; i < toSize; i++) {
            elementwise.add(PatchOp.add(path + "/" + i, added.apply(i)));
        }
        for (int i = fromSize - 1; i >= common; i--) {
            elementwise.add(PatchOp.remove(path + "/" + i));
        }
        if (replacesWhole(elementwise.size(), toSize)) {
            ops.add(PatchOp.replace(path, whole.get()));
        } else {
            ops.addAll(elementwise);
        }
    }
}
