package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

class MessageCodecTest {

    @Test
    void clientMessagesRoundTrip() {
        for (ClientMessage m : Samples.clientMessages()) {
            String json = MessageCodec.encode(m);
            assertThat(MessageCodec.decodeClient(json)).as(json).isEqualTo(m);
        }
    }

    @Test
    void serverMessagesRoundTrip() {
        for (ServerMessage m : Samples.serverMessages()) {
            String json = MessageCodec.encode(m);
            assertThat(MessageCodec.decodeServer(json)).as(json).isEqualTo(m);
            assertThat(new String(MessageCodec.encodeToBytes(m), StandardCharsets.UTF_8))
                    .isEqualTo(json);
        }
    }

    @Test
    void serverMessagesAreTheBytesDataBindingWrites() throws Exception {
        var binding = MessageCodec.mapper().writerFor(ServerMessage.class);
        for (ServerMessage m : Samples.serverMessages()) {
            assertThat(new String(MessageCodec.encodeToBytes(m), StandardCharsets.UTF_8))
                    .isEqualTo(binding.writeValueAsString(m));
        }
        ServerMessage noSnapshot = new ServerMessage.SnapshotMessage(7L, null);
        assertThat(MessageCodec.encode(noSnapshot))
                .isEqualTo(binding.writeValueAsString(noSnapshot));
    }

    @Test
    void everyEventRoundTripsInADiff() {
        for (Event e : Samples.events()) {
            var diff = new ServerMessage.Diff(3, List.of(), e);
            String json = MessageCodec.encode(diff);
            assertThat(MessageCodec.decodeServer(json)).as(json).isEqualTo(diff);
        }
    }

    @Test
    void typeComesFirstAndFieldsAreCamelCase() {
        assertThat(MessageCodec.encode(new ClientMessage.Move("m1", 3, 4)))
                .isEqualTo("{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4}");
        assertThat(MessageCodec.encode(new ClientMessage.UndoReply(false)))
                .isEqualTo("{\"type\":\"undo_reply\",\"accept\":false}");
        assertThat(MessageCodec.encode(new ClientMessage.Undo())).isEqualTo("{\"type\":\"undo\"}");
        assertThat(
                        MessageCodec.encode(
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.CELL_TAKEN, ErrorCode.CELL_TAKEN.text(), null)))
                .isEqualTo(
                        "{\"type\":\"error\",\"code\":\"cell_taken\",\"message\":\"that cell is"
                                + " already taken\",\"ref\":null}");
    }

    @Test
    void serverTimeComesBeforeTheSnapshotAndStaysOutOfIt() {
        String welcome =
                MessageCodec.encode(
                        new ServerMessage.Welcome(
                                1, "K7MQ2P", Seat.X, "t", 1_795_000_012_000L, Samples.snapshot()));
        assertThat(welcome)
                .startsWith(
                        "{\"type\":\"welcome\",\"protocol\":1,\"room\":\"K7MQ2P\",\"seat\":\"X\",\"token\":\"t\","
                            + "\"serverTime\":1795000012000,\"snapshot\":{\"version\":7,");
        String snapshot =
                MessageCodec.encode(
                        new ServerMessage.SnapshotMessage(1_795_000_012_000L, Samples.snapshot()));
        assertThat(snapshot)
                .startsWith("{\"type\":\"snapshot\",\"serverTime\":1795000012000,\"snapshot\":{");
        assertThat(MessageCodec.fromTree(MessageCodec.parse(snapshot).get("snapshot")))
                .isEqualTo(Samples.snapshot());

        // A message from a server that does not say its time still reads, with serverTime null.
        String withoutTime = snapshot.replace("\"serverTime\":1795000012000,", "");
        assertThat(MessageCodec.decodeServer(withoutTime))
                .isEqualTo(new ServerMessage.SnapshotMessage(null, Samples.snapshot()));
        assertThatThrownBy(
                        () ->
                                MessageCodec.decodeServer(
                                        snapshot.replace("1795000012000", "\"now\"")))
                .hasMessageContaining("snapshot.serverTime");
    }

    @Test
    void snapshotFieldsAreInDocumentOrderWithNullsWritten() {
        var tree = MessageCodec.toTree(Samples.snapshot());
        assertThat(tree.fieldNames())
                .toIterable()
                .containsExactly(
                        "version",
                        "room",
                        "settings",
                        "game",
                        "status",
                        "turn",
                        "board",
                        "moves",
                        "lastMove",
                        "result",
                        "players",
                        "spectators",
                        "score",
                        "undoRequest",
                        "rematch",
                        "clock",
                        "claimableAt");
        assertThat(tree.get("result").isNull()).isTrue();
        assertThat(tree.get("players").fieldNames()).toIterable().containsExactly("X", "O");
        assertThat(tree.get("score").fieldNames()).toIterable().containsExactly("X", "O", "draws");
        assertThat(tree.get("settings").fieldNames())
                .toIterable()
                .containsExactly("size", "winLength", "first", "earlyDraw", "spectators", "clock");
        assertThat(MessageCodec.fromTree(tree)).isEqualTo(Samples.snapshot());
    }

    @Test
    void everyRecordHasItsOwnTypeNameInItsDirection() {
        for (Class<?> root : List.of(ClientMessage.class, ServerMessage.class, Event.class)) {
            List<String> names =
                    Arrays.stream(root.getPermittedSubclasses())
                            .map(MessageCodec::typeName)
                            .toList();
            assertThat(names).doesNotHaveDuplicates().allMatch(n -> n.matches("[a-z]+(_[a-z]+)*"));
        }
        assertThat(MessageCodec.typeName(ServerMessage.SnapshotMessage.class))
                .isEqualTo("snapshot");
        assertThat(MessageCodec.typeName(ServerMessage.ErrorMessage.class)).isEqualTo("error");
        assertThat(MessageCodec.typeName(ClientMessage.UndoReply.class)).isEqualTo("undo_reply");
        assertThat(MessageCodec.typeName(Event.SpectatorsChanged.class))
                .isEqualTo("spectators_changed");
    }

    @Test
    void everyClosedVocabularyHasItsDocumentedSpellings() {
        assertThat(WireWord.spellings(Seat.values())).containsExactly("X", "O");
        assertThat(WireWord.spellings(RoomStatus.values()))
                .containsExactly("waiting", "playing", "over");
        assertThat(WireWord.spellings(ResultReason.values()))
                .containsExactly("line", "resign", "draw", "dead_draw", "abandoned", "timeout");
        assertThat(WireWord.spellings(PlayerKind.values())).containsExactly("human", "bot");
        assertThat(BotLevel.WIRE).containsExactly("easy", "medium", "hard", "perfect");
        assertThat(WireWord.spellings(PatchOp.Op.values()))
                .containsExactly("add", "remove", "replace", "move", "copy", "test");
        assertThat(NewRoom.SEAT_CHOICES).containsExactly("X", "O", "random");
        assertThat(WireWord.find(ResultReason.values(), "dead_draw"))
                .isEqualTo(ResultReason.DEAD_DRAW);
        assertThat(WireWord.find(BotLevel.values(), "Hard")).isNull();
        assertThat(PlayerKind.BOT.wire()).isEqualTo("bot");
    }

    @Test
    void samplesCoverEveryType() {
        assertThat(Samples.clientMessages().stream().map(Object::getClass).distinct())
                .containsExactlyInAnyOrder(ClientMessage.class.getPermittedSubclasses());
        assertThat(Samples.serverMessages().stream().map(Object::getClass).distinct())
                .containsExactlyInAnyOrder(ServerMessage.class.getPermittedSubclasses());
        assertThat(Samples.events().stream().map(Object::getClass).distinct())
                .containsExactlyInAnyOrder(Event.class.getPermittedSubclasses());
    }

    @Test
    void optionalClientFieldsMayBeOmitted() {
        assertThat(MessageCodec.decodeClient("{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\"}"))
                .isEqualTo(new ClientMessage.Join(1, "ana", null, false, null));
        assertThat(MessageCodec.decodeClient("{\"type\":\"sync\"}"))
                .isEqualTo(new ClientMessage.Sync(null));
        assertThat(
                        MessageCodec.decodeClient(
                                "{\"type\":\"invite_bot\",\"level\":\"hard\",\"seat\":null}"))
                .isEqualTo(new ClientMessage.InviteBot(BotLevel.HARD, null));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
                    {"type":"move","id":"m1","version":3,"cell":"a1"} | bad_message | move.cell: expected an integer, got "a1"
                    {"type":"mvoe","id":"m1"}                          | bad_message | unknown message type "mvoe"
                    {"type":"move","id":"m1","version":3}               | bad_message | move.cell: missing required field
                    {"type":"move","id":"m1","version":3,"cell":4,"x":1} | bad_message | move.x: unknown field
                    {"type":"move","id":"m1","version":3,"cell":4.0}    | bad_message | move.cell: expected an integer, got 4.0
                    {"type":"move","id":"m1","version":3,"cell":null}   | bad_message | move.cell: expected an integer, got null
                    {"type":"move","id":"m1","version":3,"cell":4294967296} | bad_message | move.cell: expected an integer -2147483648..2147483647, got 4294967296
                    {"type":"sync","lastVersion":18446744073709551616}  | bad_message | sync.lastVersion: expected an integer -9223372036854775808..9223372036854775807, got 18446744073709551616
                    {"type":"move","id":"m1","version":3,"cell":-1}     | out_of_range | move.cell: -1 is not on the board
                    {"type":"move","id":"m1","version":-3,"cell":1}     | bad_message | move.version: expected an integer >= 0, got -3
                    {"type":"move","id":"","version":3,"cell":1}        | bad_message | move.id: expected 1..64 characters, got 0
                    {"type":"move","id":7,"version":3,"cell":1}         | bad_message | move.id: expected a string, got 7
                    {"type":"undo_reply","accept":"yes"}                | bad_message | undo_reply.accept: expected true or false, got "yes"
                    {"type":"undo_reply","accept":1}                    | bad_message | undo_reply.accept: expected true or false, got 1
                    {"type":"invite_bot","level":"godlike"}             | bad_message | invite_bot.level: expected one of easy, medium, hard, perfect, got "godlike"
                    {"type":"invite_bot","level":"easy","seat":"Z"}     | bad_message | invite_bot.seat: expected one of X, O, got "Z"
                    {"type":"join","protocol":"1","name":"ana"}         | bad_message | join.protocol: expected an integer, got "1"
                    {"type":"undo","extra":{}}                          | bad_message | undo.extra: unknown field
                    {"type":"undo"} x                                   | bad_message | malformed JSON at column 17: Unrecognized token 'x': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')
                    {"type":"undo","type":"undo"}                       | bad_message | malformed JSON at column 22: Duplicate field 'type'
                    {"type":"undo"} {"type":"undo"}                     | bad_message | malformed JSON at column 17: more follows the message's JSON value
                    {"type":"undo","x":[1,{"y":2}                       | bad_message | malformed JSON at column 30: Unexpected end-of-input: expected close marker for Array (opened at column 20)
                    {"type":"move","cell":12345678901234567890123456789012345678901234567890123456789012345} | bad_message | malformed JSON: Number value length (65) exceeds the maximum allowed (64)
                    [1,2]                                               | bad_message | expected a JSON object, got an array
                    {"cell":1}                                          | bad_message | missing field "type"
                    {"type":3}                                          | bad_message | type: expected a string, got 3
                    {"type":"ping"}                                     | bad_message | ping.seq: missing required field
                    {"type":"ping","seq":9007199254740992}              | bad_message | ping.seq: expected an integer 0..9007199254740991, got 9007199254740992
                    {"type":"phrase","phrase":"you suck"}               | bad_message | phrase.phrase: expected one of hello, good_luck, nice_move, oops, thanks, well_played, good_game, rematch, got "you suck"
                    {"type":"phrase"}                                   | bad_message | phrase.phrase: missing required field
                    {"type":"phrase","phrase":"oops","text":"hi"}       | bad_message | phrase.text: unknown field
                    """)
    void rejectsBadClientMessagesPrecisely(String json, String code, String message) {
        assertThatThrownBy(() -> MessageCodec.decodeClient(json))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> {
                            assertThat(e.getMessage()).isEqualTo(message);
                            assertThat(e.code().wire()).isEqualTo(code);
                        });
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "NULL",
            textBlock =
                    """
                    {"type":"move","id":"m7","version":3,"cell":-1}    | m7
                    {"type":"move","id":"m7","version":3,"cell":"a1"}  | m7
                    {"type":"move","id":7,"version":3,"cell":1}        | move
                    {"type":"move","id":"","version":3,"cell":1}       | move
                    {"type":"undo","id":"0123456789012345678901234567890123456789012345678901234567890123"} | 0123456789012345678901234567890123456789012345678901234567890123
                    {"type":"undo_reply","accept":"yes"}               | undo_reply
                    {"type":"mvoe"}                                    | mvoe
                    {"type":3}                                         | NULL
                    [1,2]                                              | NULL
                    not json                                           | NULL
                    """)
    void aRefusedMessageIsNamedByItsIdElseItsType(String json, String ref) {
        assertThatThrownBy(() -> MessageCodec.decodeClient(json))
                .isInstanceOfSatisfying(
                        ProtocolException.class, e -> assertThat(e.ref()).isEqualTo(ref));
    }

    @Test
    void aRefNeverEchoesAnOversizedString() {
        String long65 = "x".repeat(Protocol.MAX_MOVE_ID_LENGTH + 1);
        assertThatThrownBy(
                        () ->
                                MessageCodec.decodeClient(
                                        "{\"type\":\"move\",\"id\":\""
                                                + long65
                                                + "\",\"version\":3,\"cell\":1}"))
                .isInstanceOfSatisfying(
                        ProtocolException.class, e -> assertThat(e.ref()).isEqualTo("move"));
        assertThatThrownBy(() -> MessageCodec.decodeClient("{\"type\":\"" + long65 + "\"}"))
                .isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.ref()).isNull());
    }

    @Test
    void aNestingTooDeepIsRefusedInPlainWords() {
        assertThatThrownBy(() -> MessageCodec.decodeClient("[".repeat(100)))
                .hasMessage(
                        "malformed JSON: Document nesting depth (65) exceeds the maximum allowed"
                                + " (64)");
    }

    @Test
    void rejectsEmptyAndTruncatedInput() {
        assertThatThrownBy(() -> MessageCodec.decodeClient("")).hasMessage("empty message");
        assertThatThrownBy(() -> MessageCodec.decodeClient("{\"type\":\"undo\""))
                .hasMessageStartingWith("malformed JSON");
        assertThatThrownBy(() -> MessageCodec.decodeClient("[".repeat(100)))
                .hasMessageStartingWith("malformed JSON");
    }

    @Test
    void rejectsInconsistentSnapshots() {
        var tree = MessageCodec.toTree(Samples.snapshot());
        tree.withArray("board").set(1, MessageCodec.mapper().getNodeFactory().textNode("X"));
        assertThatThrownBy(() -> MessageCodec.fromTree(tree))
                .hasMessage("snapshot.board[1]: expected 3 characters of X, O or '.', got \"X\"");
        var missing = MessageCodec.toTree(Samples.snapshot());
        missing.remove("undoRequest");
        assertThatThrownBy(() -> MessageCodec.fromTree(missing))
                .hasMessage("snapshot.undoRequest: missing required field");
        var nested = MessageCodec.toTree(Samples.snapshot());
        ((com.fasterxml.jackson.databind.node.ObjectNode) nested.get("players").get("X"))
                .put("connected", "yes");
        assertThatThrownBy(() -> MessageCodec.fromTree(nested))
                .hasMessage("snapshot.players.X.connected: expected true or false, got \"yes\"");
    }

    @Test
    void typeNamesMatchTheWire() {
        for (ClientMessage m : Samples.clientMessages()) {
            assertThat(MessageCodec.encode(m))
                    .startsWith("{\"type\":\"" + MessageCodec.typeName(m.getClass()) + "\"");
        }
        for (ServerMessage m : Samples.serverMessages()) {
            assertThat(MessageCodec.encode(m))
                    .startsWith("{\"type\":\"" + MessageCodec.typeName(m.getClass()) + "\"");
        }
    }

    @Test
    void newRoomSettingsTakeDefaultsAndAreCheckedStrictly() {
        assertThat(MessageCodec.decodeNewRoom("{}")).isEqualTo(NewRoom.DEFAULT);
        assertThat(MessageCodec.decodeNewRoom("{\"size\":15}"))
                .isEqualTo(new NewRoom(15, 5, "X", "X", true, true, null, null, null));
        assertThat(MessageCodec.decodeNewRoom("{\"size\":4,\"seat\":\"random\",\"bot\":null}"))
                .isEqualTo(new NewRoom(4, 4, "random", "X", true, true, null, null, null));
        assertThatThrownBy(() -> MessageCodec.decodeNewRoom("{\"size\":5,\"winLength\":6}"))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> {
                            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_SETTINGS);
                            assertThat(e.getMessage())
                                    .isEqualTo(
                                            "settings.winLength: expected an integer 3..5, got 6");
                        });
        assertThatThrownBy(() -> MessageCodec.decodeNewRoom("{\"bot\":\"godlike\"}"))
                .hasMessage(
                        "settings.bot: expected one of easy, medium, hard, perfect, got"
                                + " \"godlike\"");
        assertThatThrownBy(() -> MessageCodec.decodeNewRoom("{\"colour\":\"red\"}"))
                .hasMessage("settings.colour: unknown field");
        assertThatThrownBy(() -> MessageCodec.decodeNewRoom("{"))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_MESSAGE));
    }

    @Test
    void aBotSeedIsAnOptionalIntegerThatEveryJsonReaderHoldsExactly() {
        assertThat(MessageCodec.decodeNewRoom("{}").botSeed()).isNull();
        assertThat(MessageCodec.decodeNewRoom("{\"botSeed\":null}").botSeed()).isNull();
        assertThat(MessageCodec.decodeNewRoom("{\"bot\":\"hard\",\"botSeed\":42}"))
                .isEqualTo(new NewRoom(3, 3, "X", "X", true, true, "hard", null, 42L));
        assertThat(MessageCodec.decodeNewRoom("{\"botSeed\":0}").botSeed()).isZero();
        assertThat(MessageCodec.decodeNewRoom("{\"botSeed\":9007199254740991}").botSeed())
                .isEqualTo(Protocol.MAX_BOT_SEED);
        for (String bad : new String[] {"-1", "9007199254740992", "1.5", "\"42\"", "1e3"}) {
            assertThatThrownBy(() -> MessageCodec.decodeNewRoom("{\"botSeed\":" + bad + "}"))
                    .as(bad)
                    .isInstanceOfSatisfying(
                            ProtocolException.class,
                            e -> {
                                assertThat(e.code()).isEqualTo(ErrorCode.INVALID_SETTINGS);
                                assertThat(e.getMessage())
                                        .startsWith("settings.botSeed: expected an integer");
                            });
        }
        assertThatThrownBy(() -> MessageCodec.decodeNewRoom("{\"botSeed\":-1}"))
                .hasMessage("settings.botSeed: expected an integer 0..9007199254740991, got -1");
        NewRoom seeded = new NewRoom(3, 3, "X", "X", true, true, null, null, 7L);
        assertThat(MessageCodec.decodeNewRoom(MessageCodec.encode(seeded))).isEqualTo(seeded);
    }

    @Test
    void seatsNamesAndRoomCodes() {
        assertThat(Seat.X.opponent()).isEqualTo(Seat.O);
        assertThat(WireWord.find(Seat.values(), "O")).isEqualTo(Seat.O);
        assertThat(WireWord.find(Seat.values(), "x")).isNull();
        assertThat(RoomCode.normalize("K7MQ2P")).contains("K7MQ2P");
        assertThat(RoomCode.normalize("K7MQ2U")).isEmpty();
        assertThat(RoomCode.normalize("k7mq2p")).contains("K7MQ2P");
        assertThat(Protocol.isValidName("a".repeat(32))).isTrue();
        assertThat(Protocol.isValidName("a".repeat(33))).isFalse();
        assertThat(Protocol.isValidName("ana\u0007")).isFalse();
        assertThat(WireWord.find(ErrorCode.values(), "cell_taken")).isEqualTo(ErrorCode.CELL_TAKEN);
        assertThat(WireWord.find(ErrorCode.values(), "nope")).isNull();
    }

    /** A message decodes from its text exactly as from its tree, errors included. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(
            strings = {
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4}",
                "{\"cell\":0,\"version\":9007199254740993,\"id\":\"\\u00e9\\\"x\",\"type\":\"move\"}",
                " {\"type\" : \"move\", \"id\":\"m\", \"version\":0, \"cell\":360} ",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4,\"cell\":5}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":-1,\"cell\":5}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":-3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3.0,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4.5}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4294967296}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":\"4\"}",
                "{\"type\":\"move\",\"id\":\"\",\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":7,\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4,\"extra\":1}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":{\"a\":1}}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4} {}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4",
                "{\"type\":\"mvoe\",\"id\":\"m1\",\"version\":3,\"cell\":4}",
                "{\"type\":\"resign\"}",
                "[\"move\"]",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":NaN,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":03,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4e0}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":2147483647}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":123456789012345678,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":9223372036854775807,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":9223372036854775808,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\\n\",\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m\u00e91\",\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4,}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,,\"cell\":4}",
                "{\"type\":\"move\" \"id\":\"m1\",\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4}\n",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4}x",
                "{\"type\":\"move\",\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":-0}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":0}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":}",
                "{}",
                "",
                "{\"id\":\"a\t,\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4}",
                "{\"type\":\"rematch\"}",
                "{\"type\":\"rematch\",\"cell\":4}",
                "{\"type\":\"resign\",\"type\":\"resign\"}",
                "{\"type\":\"undo\"}",
                "{\"type\":\"history\"}",
                "{\"type\":\"leave\"}",
                "{\"type\":\"sync\"}",
                "{\"type\":\"undo_reply\"}",
            })
    void aMoveDecodesAsThroughTheTree(String json) {
        assertThat(outcome(() -> MessageCodec.decodeClient(json)))
                .isEqualTo(outcome(() -> MessageCodec.decodeClient(MessageCodec.parse(json))));
    }

    @Test
    void aLongMoveIdIsRefusedOnBothRoutes() {
        String json =
                "{\"type\":\"move\",\"id\":\""
                        + "m".repeat(Protocol.MAX_MOVE_ID_LENGTH + 1)
                        + "\",\"version\":3,\"cell\":4}";
        assertThat(outcome(() -> MessageCodec.decodeClient(json)))
                .startsWith("bad_message")
                .isEqualTo(outcome(() -> MessageCodec.decodeClient(MessageCodec.parse(json))));
    }

    private static String outcome(java.util.function.Supplier<ClientMessage> decode) {
        try {
            return decode.get().toString();
        } catch (ProtocolException e) {
            return e.code().wire() + ": " + e.getMessage();
        }
    }
}
