package dev.tictactoe.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;

/** What one node tells another of a ticket reads back as it was written, and nothing else does. */
class NodeAnswerTest {

    static final Ticket ANA =
            Ticket.of("t".repeat(Ticket.MIN_TICKET_LENGTH), "ana", "ana", MatchKey.of(3, 3, null));

    @Test
    void eachAnswerReadsBackAsWritten() {
        NodeAnswer matched = NodeAnswer.matched(ANA.id(), "BK7MQ2", Seat.O, "tok", "bob");
        assertThat(NodeAnswer.read(matched.json())).contains(matched);
        for (NodeAnswer.Status status : NodeAnswer.Status.values()) {
            if (status != NodeAnswer.Status.MATCHED) {
                NodeAnswer answer = NodeAnswer.of(ANA.id(), status);
                assertThat(NodeAnswer.read(answer.json())).contains(answer);
            }
        }
    }

    @Test
    void aMatchedAnswerSeatsTheHeldTicketInTheRoomOnTheOtherNode() {
        MatchAnswer answer =
                NodeAnswer.matched(ANA.id(), "BK7MQ2", Seat.O, "tok", "bob").to(ANA, "full");
        assertThat(answer)
                .isEqualTo(
                        new MatchAnswer.Matched(
                                ANA,
                                "BK7MQ2",
                                Seat.O,
                                "tok",
                                new MatchAnswer.Opponent("bob", null),
                                MatchRooms.settings(ANA.key(), Seat.X, null)));
        assertThat(NodeAnswer.of(ANA.id(), NodeAnswer.Status.UNAVAILABLE).to(ANA, "full"))
                .isEqualTo(new MatchAnswer.Unavailable(ANA, "full"));
    }

    @Test
    void garbageIsNoAnswer() {
        assertThat(NodeAnswer.read("not json")).isEmpty();
        assertThat(NodeAnswer.read("{\"ticket\":\"x\",\"status\":\"LATER\"}")).isEmpty();
        assertThat(NodeAnswer.read("{\"ticket\":\"x\",\"status\":\"MATCHED\",\"seat\":\"Q\"}"))
                .isEmpty();
    }
}
