package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every kind of change goes to a journal record and back unchanged, and a damaged record is
 * refused, never guessed at.
 */
class ChangeEntryTest {

    private static final long NANOS = 7_123_456_789_012L;
    private static final long MILLIS = 1_800_000_123_456L;

    /** One change of every kind, with values at the edges of what a room writes. */
    static final List<Change> ONE_OF_EACH =
            List.of(
                    new Change.Seated(
                            Seat.X, "ana \u00e9\u4e2d\ud83d\ude00", "Qx3-_tokenAAAAAAAAAAAA"),
                    new Change.Spectators(63),
                    new Change.Dropped(Seat.O, MILLIS + 60_000),
                    new Change.Returned(Seat.O),
                    new Change.Freed(Seat.X),
                    new Change.Said(Seat.O, new ClientMessage.Move("m".repeat(64), 1L << 40, 360)),
                    new Change.Said(Seat.X, new ClientMessage.Undo()),
                    new Change.Said(Seat.O, new ClientMessage.UndoReply(true)),
                    new Change.Said(Seat.O, new ClientMessage.UndoReply(false)),
                    new Change.Said(Seat.O, new ClientMessage.Resign()),
                    new Change.Said(Seat.X, new ClientMessage.Claim()),
                    new Change.Said(Seat.O, new ClientMessage.Rematch()),
                    new Change.Said(Seat.O, new ClientMessage.InviteBot(BotLevel.PERFECT, Seat.O)),
                    new Change.BotMoved(Seat.O, 224),
                    new Change.TimedOut(),
                    new Change.Resumed(86_400_000L));

    private static Change.Entry roundTrip(Change change) {
        return Change.Entry.read(RoomState.json(new Change.Entry(NANOS, MILLIS, change)));
    }

    @Test
    void everyKindRoundTrips() {
        Set<Class<?>> kinds = new HashSet<>();
        for (Change change : ONE_OF_EACH) {
            assertThat(roundTrip(change)).isEqualTo(new Change.Entry(NANOS, MILLIS, change));
            kinds.add(change.getClass());
        }
        assertThat(kinds).containsExactlyInAnyOrder(Change.class.getPermittedSubclasses());
    }

    /** Strings at each width of UTF-8, NUL and surrogate pairs included, come back as they went. */
    @Test
    void stringsOfEveryWidthRoundTrip() {
        List<Change> changes = new ArrayList<>();
        for (String text :
                List.of(
                        "",
                        "\u0000",
                        "\u007f\u0080",
                        "\u07ff\u0800",
                        "\uffff",
                        "\ud83d\ude00",
                        "\"\\/",
                        "x".repeat(1000))) {
            if (!text.isEmpty() && text.length() <= Protocol.MAX_MOVE_ID_LENGTH) {
                changes.add(move(text));
            }
            changes.add(new Change.Seated(Seat.O, text, text));
        }
        for (Change change : changes) {
            assertThat(roundTrip(change).change()).as("%s", change).isEqualTo(change);
        }
    }

    @Test
    void aMoveIsAboutAHundredAndFiftyBytes() {
        assertThat(RoomState.json(new Change.Entry(NANOS, MILLIS, move("m-000123"))))
                .hasSizeLessThan(160);
    }

    private static Change move(String id) {
        return new Change.Said(Seat.X, new ClientMessage.Move(id, 123_456, 112));
    }

    /** A record names its kind by the record's name: distinct, and an unknown one is refused. */
    @Test
    void kindNamesAreDistinctAndAnUnknownOneIsRefused() {
        assertThat(Arrays.stream(Change.class.getPermittedSubclasses()).map(Class::getSimpleName))
                .doesNotHaveDuplicates();
        assertThat(text(new Change.TimedOut())).contains("\"TimedOut\"");
        byte[] unknown =
                text(new Change.TimedOut())
                        .replace("TimedOut", "Drew")
                        .getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Change.Entry.read(unknown))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Drew");
        String resign = text(new Change.Said(Seat.X, new ClientMessage.Resign()));
        assertThat(resign).contains("\"resign\"");
        byte[] unknownCommand =
                resign.replace("resign", "offer_draw").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Change.Entry.read(unknownCommand))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("offer_draw");
    }

    @Test
    void aRecordCutShortAnywhereIsRefused() {
        for (Change change : ONE_OF_EACH) {
            byte[] whole = RoomState.json(new Change.Entry(NANOS, MILLIS, change));
            for (int cut = 0; cut < whole.length; cut++) {
                byte[] part = Arrays.copyOf(whole, cut);
                assertThatThrownBy(() -> Change.Entry.read(part))
                        .as("%s cut at %d", change, cut)
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }

    @Test
    void anUnknownSeatAMissingFieldOrLeftoverBytesAreRefused() {
        String move = text(move("m1"));
        assertThat(move).contains("\"seat\":\"X\"");
        for (String damaged :
                List.of(
                        move.replace("\"seat\":\"X\"", "\"seat\":\"Z\""),
                        move.replace("\"seat\":\"X\",", ""),
                        move.replace("\"id\":\"m1\"", "\"id\":null"),
                        move.replace(",\"millis\":" + MILLIS, ""),
                        move.replace(",\"cell\":112", ""),
                        move.replace("\"cell\":112", "\"cell\":-1"),
                        move.replace(
                                "{\"type\":\"move\",\"id\":\"m1\",\"version\":123456,\"cell\":112}",
                                "null"),
                        move + " {}",
                        "binary\u0001\u0006")) {
            assertThatThrownBy(() -> Change.Entry.read(damaged.getBytes(StandardCharsets.UTF_8)))
                    .as(damaged)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static String text(Change change) {
        return new String(
                RoomState.json(new Change.Entry(NANOS, MILLIS, change)), StandardCharsets.UTF_8);
    }
}
