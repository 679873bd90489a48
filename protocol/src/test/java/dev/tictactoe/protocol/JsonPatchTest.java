package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

class JsonPatchTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** JSON with single quotes for readability. */
    private static JsonNode json(String singleQuoted) {
        return MessageCodec.parse(singleQuoted.replace('\'', '"'));
    }

    private static List<PatchOp> ops(String singleQuotedArray) {
        List<PatchOp> out = new ArrayList<>();
        for (JsonNode n : json(singleQuotedArray)) {
            out.add(
                    new PatchOp(
                            WireWord.find(PatchOp.Op.values(), n.get("op").asText()),
                            n.get("path").asText(),
                            n.get("value"),
                            n.has("from") ? n.get("from").asText() : null));
        }
        return out;
    }

    private static JsonNode patch(String doc, String ops) {
        return JsonPatch.apply(json(doc), ops(ops));
    }

    // ---- RFC 6902 section 4 and appendix A, one case per behaviour

    @Test
    void addsAnObjectMember() {
        assertThat(patch("{'foo':'bar'}", "[{'op':'add','path':'/baz','value':'qux'}]"))
                .isEqualTo(json("{'foo':'bar','baz':'qux'}"));
    }

    @Test
    void addsAnArrayElementBeforeTheIndex() {
        assertThat(patch("{'foo':['bar','baz']}", "[{'op':'add','path':'/foo/1','value':'qux'}]"))
                .isEqualTo(json("{'foo':['bar','qux','baz']}"));
    }

    @Test
    void addsAtTheEndWithDashAndAtIndexEqualToLength() {
        assertThat(patch("{'a':[1,2]}", "[{'op':'add','path':'/a/-','value':3}]"))
                .isEqualTo(json("{'a':[1,2,3]}"));
        assertThat(patch("{'a':[1,2]}", "[{'op':'add','path':'/a/2','value':3}]"))
                .isEqualTo(json("{'a':[1,2,3]}"));
    }

    @Test
    void addReplacesAnExistingMemberAndAddsWholeArraysAsOneValue() {
        assertThat(patch("{'a':1}", "[{'op':'add','path':'/a','value':[1,2]}]"))
                .isEqualTo(json("{'a':[1,2]}"));
    }

    @Test
    void addsANestedMember() {
        assertThat(patch("{'foo':'bar'}", "[{'op':'add','path':'/child','value':{'grand':'x'}}]"))
                .isEqualTo(json("{'foo':'bar','child':{'grand':'x'}}"));
    }

    @Test
    void addToTheRootReplacesTheDocument() {
        assertThat(patch("{'a':1}", "[{'op':'add','path':'','value':[1]}]")).isEqualTo(json("[1]"));
    }

    @Test
    void addToAMissingParentFails() {
        assertThatThrownBy(
                        () ->
                                patch(
                                        "{'foo':'bar'}",
                                        "[{'op':'add','path':'/baz/bat','value':'q'}]"))
                .isInstanceOf(JsonPatchException.class)
                .hasMessage("op 0 (add /baz/bat): no value at \"baz\"");
    }

    @Test
    void addPastTheEndOfAnArrayFails() {
        assertThatThrownBy(() -> patch("[1]", "[{'op':'add','path':'/2','value':0}]"))
                .hasMessage("op 0 (add /2): array index 2 out of bounds");
    }

    @Test
    void removesMembersAndElements() {
        assertThat(patch("{'baz':'qux','foo':'bar'}", "[{'op':'remove','path':'/baz'}]"))
                .isEqualTo(json("{'foo':'bar'}"));
        assertThat(patch("{'foo':['bar','qux','baz']}", "[{'op':'remove','path':'/foo/1'}]"))
                .isEqualTo(json("{'foo':['bar','baz']}"));
    }

    @Test
    void removingWhatIsNotThereFails() {
        assertThatThrownBy(() -> patch("{'a':1}", "[{'op':'remove','path':'/b'}]"))
                .hasMessage("op 0 (remove /b): no member \"b\"");
        assertThatThrownBy(() -> patch("[1]", "[{'op':'remove','path':'/1'}]"))
                .hasMessage("op 0 (remove /1): array index 1 out of bounds");
        assertThatThrownBy(() -> patch("[1]", "[{'op':'remove','path':'/-'}]"))
                .hasMessage("op 0 (remove /-): bad array index \"-\"");
    }

    @Test
    void replacesInPlaceKeepingMemberOrder() {
        JsonNode out =
                patch(
                        "{'baz':'qux','foo':'bar'}",
                        "[{'op':'replace','path':'/baz','value':'boo'}]");
        assertThat(out.toString()).isEqualTo("{\"baz\":\"boo\",\"foo\":\"bar\"}");
        assertThat(patch("[1,2]", "[{'op':'replace','path':'/0','value':null}]"))
                .isEqualTo(json("[null,2]"));
        assertThatThrownBy(() -> patch("{'a':1}", "[{'op':'replace','path':'/b','value':1}]"))
                .hasMessage("op 0 (replace /b): no member \"b\"");
    }

    @Test
    void movesValues() {
        assertThat(
                        patch(
                                "{'foo':{'bar':'baz','waldo':'fred'},'qux':{'corge':'grault'}}",
                                "[{'op':'move','from':'/foo/waldo','path':'/qux/thud'}]"))
                .isEqualTo(json("{'foo':{'bar':'baz'},'qux':{'corge':'grault','thud':'fred'}}"));
        assertThat(
                        patch(
                                "{'foo':['all','grass','cows','eat']}",
                                "[{'op':'move','from':'/foo/1','path':'/foo/3'}]"))
                .isEqualTo(json("{'foo':['all','cows','eat','grass']}"));
    }

    @Test
    void cannotMoveAValueIntoItsOwnChild() {
        assertThatThrownBy(
                        () -> patch("{'a':{'b':1}}", "[{'op':'move','from':'/a','path':'/a/c'}]"))
                .hasMessage("op 0 (move /a/c): cannot move a value into itself");
    }

    @Test
    void copiesValuesDeeply() {
        JsonNode out =
                patch(
                        "{'a':{'b':1}}",
                        "[{'op':'copy','from':'/a','path':'/c'},"
                                + "{'op':'replace','path':'/c/b','value':2}]");
        assertThat(out).isEqualTo(json("{'a':{'b':1},'c':{'b':2}}"));
    }

    @Test
    void testComparesByValueWithNumbersNumerically() {
        assertThat(
                        patch(
                                "{'baz':'qux','foo':['a',2,'c']}",
                                "[{'op':'test','path':'/baz','value':'qux'},{'op':'test','path':'/foo/1','value':2.0}]"))
                .isEqualTo(json("{'baz':'qux','foo':['a',2,'c']}"));
        assertThatThrownBy(
                        () -> patch("{'baz':'qux'}", "[{'op':'test','path':'/baz','value':'bar'}]"))
                .hasMessage("op 0 (test /baz): test failed: value is \"qux\"");
        assertThatThrownBy(
                        () ->
                                patch(
                                        "{'/':9,'~1':10}",
                                        "[{'op':'test','path':'/~01','value':'10'}]"))
                .hasMessageContaining("test failed");
    }

    @Test
    void escapesTildeAndSlashInTokens() {
        JsonNode doc = json("{'/':9,'~1':10,'a~b/c':{'':1}}");
        assertThat(
                        patch(
                                "{'/':9,'~1':10}",
                                "[{'op':'test','path':'/~01','value':10},"
                                        + "{'op':'replace','path':'/~1','value':8}]"))
                .isEqualTo(json("{'/':8,'~1':10}"));
        assertThat(JsonPatch.escape("a~b/c")).isEqualTo("a~0b~1c");
        JsonNode to = json("{'/':9,'~1':11,'a~b/c':{'':2}}");
        List<PatchOp> diff = JsonPatch.diff(doc, to);
        assertThat(diff).extracting(PatchOp::path).containsExactly("/~01", "/a~0b~1c/");
        assertThat(JsonPatch.apply(doc, diff)).isEqualTo(to);
        assertThatThrownBy(() -> patch("{'a':1}", "[{'op':'remove','path':'/~2'}]"))
                .hasMessage("op 0 (remove /~2): bad escape in \"~2\"");
    }

    @Test
    void rejectsPathsWithoutLeadingSlashAndLeadingZeroIndexes() {
        assertThatThrownBy(() -> patch("{'a':1}", "[{'op':'remove','path':'a'}]"))
                .hasMessage("op 0 (remove a): path must start with '/'");
        assertThatThrownBy(() -> patch("[1,2]", "[{'op':'remove','path':'/01'}]"))
                .hasMessage("op 0 (remove /01): bad array index \"01\"");
    }

    @Test
    void applyLeavesTheInputUntouched() {
        JsonNode doc = json("{'a':[1,2,{'b':3}]}");
        JsonNode copy = doc.deepCopy();
        JsonPatch.apply(
                doc, ops("[{'op':'remove','path':'/a/2/b'},{'op':'add','path':'/a/-','value':4}]"));
        assertThat(doc).isEqualTo(copy);
    }

    @Test
    void diffIsEmptyForEqualDocumentsAndMinimalForSnapshots() {
        JsonNode a = MessageCodec.toTree(Samples.snapshot());
        assertThat(JsonPatch.diff(a, a.deepCopy())).isEmpty();

        ObjectNode b = (ObjectNode) a.deepCopy();
        b.put("version", 8).put("turn", "X");
        ((ArrayNode) b.get("board")).set(2, NODES.textNode("O.."));
        ((ArrayNode) b.get("moves")).addObject().put("seat", "O").put("cell", 6).put("id", "m2");
        b.put("lastMove", 6);
        assertThat(JsonPatch.diff(a, b))
                .containsExactly(
                        new PatchOp(PatchOp.Op.REPLACE, "/version", NODES.numberNode(8), null),
                        new PatchOp(PatchOp.Op.REPLACE, "/turn", NODES.textNode("X"), null),
                        new PatchOp(PatchOp.Op.REPLACE, "/board/2", NODES.textNode("O.."), null),
                        new PatchOp(PatchOp.Op.ADD, "/moves/3", b.get("moves").get(3), null),
                        new PatchOp(PatchOp.Op.REPLACE, "/lastMove", NODES.numberNode(6), null));
    }

    @Test
    void diffShrinksArraysFromTheEnd() {
        assertThat(JsonPatch.diff(json("{'a':[1,2,3,4,5,6]}"), json("{'a':[1,5,3,4]}")))
                .extracting(PatchOp::op, PatchOp::path)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(PatchOp.Op.REPLACE, "/a/1"),
                        org.assertj.core.groups.Tuple.tuple(PatchOp.Op.REMOVE, "/a/5"),
                        org.assertj.core.groups.Tuple.tuple(PatchOp.Op.REMOVE, "/a/4"));
    }

    @Test
    void diffReplacesAnArrayWholeWhenThatIsShorter() {
        assertThat(JsonPatch.diff(json("{'a':[1,2,3]}"), json("{'a':[]}")))
                .containsExactly(new PatchOp(PatchOp.Op.REPLACE, "/a", json("[]"), null));
        assertThat(JsonPatch.diff(json("{'a':[1,2]}"), json("{'a':[3,4]}")))
                .extracting(PatchOp::path)
                .containsExactly("/a/0", "/a/1");
    }

    // ---- property: apply(a, diff(a, b)) == b

    @Test
    void diffThenApplyReproducesTheTarget() {
        SplittableRandom random = new SplittableRandom(20240611);
        for (int i = 0; i < 5000; i++) {
            JsonNode a = randomValue(random, 0);
            JsonNode b = random.nextInt(4) == 0 ? randomValue(random, 0) : mutate(a, random);
            JsonNode aCopy = a.deepCopy();
            List<PatchOp> diff = JsonPatch.diff(a, b);
            // Plain equals in the loop: AssertJ treats a JsonNode as an Iterable and copies it.
            if (!JsonPatch.apply(a, diff).equals(b) || !a.equals(aCopy)) {
                fail("pair %d: %s -> %s via %s gave %s", i, a, b, diff, JsonPatch.apply(a, diff));
            }
            if (i % 10 == 0) { // the patch also survives the wire
                var wire = new ServerMessage.Diff(1, diff, null);
                var decoded =
                        (ServerMessage.Diff) MessageCodec.decodeServer(MessageCodec.encode(wire));
                assertThat(JsonPatch.apply(a, decoded.ops()).equals(b))
                        .as("pair %d over the wire", i)
                        .isTrue();
            }
        }
    }

    private static final String[] KEYS = {"a", "b", "c", "~", "/", "~1", "", "x/y~0"};

    private static JsonNode randomValue(SplittableRandom r, int depth) {
        int kind = depth >= 3 ? r.nextInt(4) : r.nextInt(6);
        return switch (kind) {
            case 0 -> NODES.numberNode(r.nextInt(5));
            case 1 -> NODES.textNode(String.valueOf((char) ('a' + r.nextInt(3))));
            case 2 -> NODES.booleanNode(r.nextBoolean());
            case 3 -> NODES.nullNode();
            case 4 -> {
                ArrayNode array = NODES.arrayNode();
                for (int n = r.nextInt(5); n > 0; n--) {
                    array.add(randomValue(r, depth + 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                for (int n = r.nextInt(5); n > 0; n--) {
                    object.set(KEYS[r.nextInt(KEYS.length)], randomValue(r, depth + 1));
                }
                yield object;
            }
        };
    }

    /** A copy of {@code doc} with a few random edits somewhere inside. */
    private static JsonNode mutate(JsonNode doc, SplittableRandom r) {
        JsonNode copy = doc.deepCopy();
        if (!copy.isContainerNode()) {
            return randomValue(r, 0);
        }
        for (int edits = 1 + r.nextInt(3); edits > 0; edits--) {
            JsonNode target = copy;
            while (target.size() > 0 && r.nextInt(3) > 0) {
                JsonNode child = target.get(r.nextInt(target.size()));
                if (target.isObject()) {
                    var names = new ArrayList<String>();
                    target.fieldNames().forEachRemaining(names::add);
                    child = target.get(names.get(r.nextInt(names.size())));
                }
                if (child == null || !child.isContainerNode()) {
                    break;
                }
                target = child;
            }
            if (target instanceof ArrayNode array) {
                int op = r.nextInt(3);
                if (op == 0 || array.isEmpty()) {
                    array.insert(r.nextInt(array.size() + 1), randomValue(r, 2));
                } else if (op == 1) {
                    array.remove(r.nextInt(array.size()));
                } else {
                    array.set(r.nextInt(array.size()), randomValue(r, 2));
                }
            } else if (target instanceof ObjectNode object) {
                String key = KEYS[r.nextInt(KEYS.length)];
                if (r.nextBoolean() && object.has(key)) {
                    object.remove(key);
                } else {
                    object.set(key, randomValue(r, 2));
                }
            }
        }
        return copy;
    }
}
