package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ServerMessage;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class InboxTest {

    @Test
    void aWaitTakesMessagesInOrderUntilOneMatches() {
        Inbox inbox = new Inbox(new RoomView());
        inbox.onMessage(new ServerMessage.Ack("m1", 1));
        inbox.onMessage(new ServerMessage.Ack("m2", 2));
        inbox.onMessage(new ServerMessage.Ack("m3", 3));
        assertThat(inbox.await(m -> ((ServerMessage.Ack) m).version() == 2, Duration.ZERO))
                .isEqualTo(new ServerMessage.Ack("m2", 2));
        assertThat(inbox.await(m -> true, Duration.ZERO))
                .as("the skipped one was consumed")
                .isEqualTo(new ServerMessage.Ack("m3", 3));
    }

    @Test
    void aWaitThatFindsNothingListsWhatItSkipped() {
        Inbox inbox = new Inbox(new RoomView());
        assertThatThrownBy(() -> inbox.await(m -> true, Duration.ZERO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("skipped nothing");
        inbox.onMessage(new ServerMessage.Ack("m1", 1));
        assertThatThrownBy(() -> inbox.await(m -> false, Duration.ZERO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no matching message within PT0S")
                .hasMessageContaining("\"m1\"");
    }

    @Test
    void aCloseFailsEveryLaterWaitUntilANewConnection() {
        Inbox inbox = new Inbox(new RoomView());
        inbox.onMessage(new ServerMessage.Ack("m1", 1));
        inbox.onStopped(
                new RoomFollower.Listener.Stopped(
                        RoomFollower.Listener.Stop.LEFT,
                        new GameConnection.CloseInfo(CloseCodes.LEFT, "bye"),
                        null));
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> inbox.await(m -> false, Duration.ofMinutes(1)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("connection closed")
                    .hasMessageContaining("bye");
        }
        inbox.onConnected(null);
        inbox.onMessage(new ServerMessage.Ack("m2", 2));
        assertThat(inbox.await(m -> true, Duration.ZERO)).isEqualTo(new ServerMessage.Ack("m2", 2));
    }
}
