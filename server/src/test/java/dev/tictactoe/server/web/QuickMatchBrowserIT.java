package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.web.Browser.Window;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Quick match in the browser client against a real server: two people who ask for the same game
 * land in one room, a waiting request is cancelled, a bot fills the seat after the wait. The tests
 * of the flow need the server's quick-match endpoints ({@code /api/match}).
 */
class QuickMatchBrowserIT {

    @RegisterExtension static final BrowserFixture page = new BrowserFixture();

    private final Browser b = page.browser();

    /**
     * {@code person} fills in the quick-match form on a fresh start page and presses "Find a game";
     * an answer may come at once (someone was waiting), so nothing is awaited here.
     */
    private Window ask(String person, int size, String clock) {
        Window w = b.open(person);
        b.type("#name", person);
        b.moreOptions();
        b.select("#match-size", String.valueOf(size));
        b.select("#match-clock", clock);
        b.find("#match").click();
        return w;
    }

    /**
     * Waits until the window shows it is waiting and where its request stands (the server has it).
     */
    private void awaitQueued(Window w) {
        b.on(w).await(d -> b.find("#match-waiting").isDisplayed());
        b.awaitText("#match-status", "position 1");
    }

    @Test
    void twoPeopleAskingForTheSameGameLandInOneRoomWithTheirSeats() {
        Window ana = ask("ana", 3, "3m+2s");
        awaitQueued(ana);
        assertThat(b.find("#match").isDisplayed()).isFalse();
        assertThat(b.find("#match-size").isEnabled())
                .as("the form is locked while waiting")
                .isFalse();
        Window bo = ask("bo", 3, "3m+2s");

        String code = b.on(bo).awaitRoom();
        assertThat(b.driver.getCurrentUrl()).endsWith("/r/" + code);
        assertThat(b.on(ana).awaitRoom()).isEqualTo(code);
        List<String> seats = List.of(mySeat(ana), mySeat(bo));
        assertThat(seats).containsExactlyInAnyOrder("X", "O");
        b.on(ana).awaitText("#clock-line", "Clock 3m+2s");

        // The seat token is kept as after a join: a reload comes back to the same seat.
        Window x = "X".equals(seats.get(0)) ? ana : bo;
        Window o = x == ana ? bo : ana;
        b.play(x, 4, "X");
        b.on(o).driver.navigate().refresh();
        b.awaitRoom();
        b.awaitText("#player-" + mySeat(o), "you");
        b.play(o, 0, "O");
        b.on(x).awaitCell(0, "O");
    }

    /** The seat whose card says "you" in window {@code w}. */
    private String mySeat(Window w) {
        b.on(w)
                .await(
                        d ->
                                b.find("#player-X").getText().contains("you")
                                        || b.find("#player-O").getText().contains("you"));
        return b.find("#player-X").getText().contains("you") ? "X" : "O";
    }

    @Test
    void cancellingLeavesTheQueueAndGivesTheFormBack() {
        Window ana = ask("ana", 4, "");
        awaitQueued(ana);
        b.find("#match-cancel").click();
        b.await(d -> b.find("#match").isDisplayed() && !b.find("#match-waiting").isDisplayed());
        assertThat(b.find("#match-size").isEnabled()).isTrue();
        assertThat(b.find("#notice").isDisplayed()).isFalse();

        // ana is gone from the queue: bo, asking for the same game, waits alone.
        Window bo = ask("bo", 4, "");
        awaitQueued(bo);
        assertThat(b.find("#lobby").isDisplayed()).isTrue();
        b.find("#match-cancel").click();
        b.await(d -> b.find("#match").isDisplayed());
        assertThat(b.on(ana).find("#lobby").isDisplayed()).isTrue();
    }

    @Test
    void aBotTakesTheOtherSeatWhenNobodyCameInTime() {
        Window ana = b.open("ana");
        b.type("#name", "ana");
        b.moreOptions();
        b.select("#match-size", "5");
        b.find("#match-bot").click();
        b.select("#match-bot-level", "easy");
        b.type("#match-bot-after", "1");
        b.find("#match").click();
        b.on(ana).awaitRoom();
        String bot = "X".equals(mySeat(ana)) ? "O" : "X";
        b.awaitText("#player-" + bot, "Bot (easy)");
    }

    /**
     * The page's side of quick match alone, runnable on any server: {@code fetch} answers the
     * quick-match calls as PROTOCOL.md says (a timeout first, then a pairing into a real room whose
     * seat was reserved by joining and dropping), so the page's waiting, asking again, keeping the
     * token and taking the seat are checked whatever the server offers.
     */
    @Test
    void thePageFollowsTheProtocolsAnswers() {
        String code =
                new RoomsApi(URI.create("http://127.0.0.1:" + page.port()))
                        .create(new NewRoom(3, 3, "X", "X", true, true, null, "3m+2s", null))
                        .code();
        String token;
        EventLoopGroup group = GameConnection.newGroup(1);
        try (GameClient seat = GameClient.connect("127.0.0.1", page.port(), code, group)) {
            token = seat.join("ana").token();
            seat.drop();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
        Window ana = b.open("ana");
        b.driver.executeScript(
                """
                const [code, token] = arguments;
                const real = window.fetch;
                const json = (body, status = 200) => new Response(body === null ? null : JSON.stringify(body),
                  { status, headers: { 'Content-Type': 'application/json' } });
                const seen = window.seen = { posts: [], gets: 0 };
                let release;
                const paired = new Promise((resolve) => { release = resolve; });
                window.releasePairing = release;
                window.fetch = async (url, init = {}) => {
                  if (url === '/api/match') {
                    const body = JSON.parse(init.body);
                    seen.posts.push(body);
                    if (seen.posts.length === 1) return json({ status: 'timeout', ticket: body.ticket, waitedMs: 30000 });
                    await paired;
                    return json({ status: 'matched', ticket: body.ticket, code, path: `/rooms/${code}/ws`, seat: 'X', token,
                      opponent: { name: 'bo', kind: 'human', level: null }, settings: { size: 3, clock: '3m+2s' } });
                  }
                  if (String(url).startsWith('/api/match/')) {
                    seen.gets += 1;
                    return json({ status: 'waiting', ticket: url.split('/').pop(), position: 1, sameSettings: 1, waiting: 2,
                      waitedMs: 1000, settings: {} });
                  }
                  return real(url, init);
                };
                """,
                code,
                token);
        b.type("#name", "ana");
        b.moreOptions();
        b.select("#match-clock", "3m+2s");
        b.find("#match").click();
        b.awaitText("#match-status", "(position 1, 2 waiting)");
        b.screenshot("quick-match-waiting");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> posts =
                (List<Map<String, Object>>) b.driver.executeScript("return window.seen.posts");
        assertThat(posts).hasSize(2);
        assertThat(posts.get(0).get("ticket")).isNotEqualTo(posts.get(1).get("ticket"));
        assertThat(posts.get(0).get("player")).isEqualTo(posts.get(1).get("player"));
        assertThat(posts.get(1))
                .containsEntry("name", "ana")
                .containsEntry("size", 3L)
                .containsEntry("winLength", 3L)
                .containsEntry("clock", "3m+2s")
                .containsEntry("bot", null)
                .containsEntry("botAfter", null);

        b.driver.executeScript("window.releasePairing()");
        assertThat(b.awaitRoom()).isEqualTo(code);
        assertThat(b.driver.getCurrentUrl()).endsWith("/r/" + code);
        b.awaitText("#player-X", "you");
        b.awaitText("#clock-line", "Clock 3m+2s");
    }

    @Test
    void theWaitIsShownInWordsAndIdsAreRandomAndKept() {
        b.on(b.open("ana"));
        String base = b.find("script[type=module]").getAttribute("src").replace("main.js", "");
        Object result =
                b.driver.executeAsyncScript(
                        """
                        const done = arguments[arguments.length - 1];
                        Promise.all([import(arguments[0] + 'lobby.js'), import(arguments[0] + 'match.js')])
                          .then(([{ waitingText }, { randomId, playerId }]) => {
                            const ids = new Set(Array.from({ length: 200 }, () => randomId()));
                            const shapes = [...ids].every((id) => /^[A-Za-z0-9_-]{22}$/.test(id));
                            done([waitingText(null, 999), waitingText({ position: 1, waiting: 37 }, 72500),
                              ids.size, shapes, playerId() === playerId(), /^[A-Za-z0-9_-]{22}$/.test(playerId())].join(' | '));
                          }, (e) => done(String(e)));
                        """,
                        base);
        assertThat(result)
                .isEqualTo(
                        "Waiting for an opponent… 0:00 | Waiting for an opponent… (position 1, 37"
                                + " waiting) 1:12 | 200 | true | true | true");
    }
}
