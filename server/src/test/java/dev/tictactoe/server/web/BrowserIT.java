package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.web.Browser.Window;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.Keys;

import java.util.List;
import java.util.Map;

/** The browser client against a real server: people in windows of one headless Chromium. */
class BrowserIT {

    @RegisterExtension static final BrowserFixture page = new BrowserFixture();

    private final Browser b = page.browser();

    private void joinByLink(Window w, String name, boolean watch) {
        b.joinByLink(w, name, watch);
    }

    private void play(Window w, int cell, String mark) {
        b.play(w, cell, mark);
    }

    @Test
    void twoPeopleMeetByLinkAndPlayToAWinThatBothSeeWithItsLine() {
        Window[] p = page.pair();
        play(p[0], 0, "X");
        play(p[1], 3, "O");
        play(p[0], 1, "X");
        play(p[1], 4, "O");
        play(p[0], 2, "X");
        for (Window w : p) {
            b.on(w).awaitText("#status", "ana (X) wins");
            b.awaitCell(2, "X");
            assertThat(b.all("#board .cell.win"))
                    .extracting(c -> c.getAttribute("data-cell"))
                    .containsExactly("0", "1", "2");
            assertThat(b.cell(0).getAttribute("aria-label"))
                    .isEqualTo("row 1, column 1, X, winning line");
            assertThat(b.find("#score").getText()).startsWith("1 – 0");
        }
        b.on(p[0]).screenshot("3x3-desktop");
        b.resize(390, 844);
        b.screenshot("3x3-phone");
        assertThat(b.find("#board").getRect().getWidth()).isLessThanOrEqualTo(390);
        b.resize(1280, 1000);
    }

    @Test
    void aReloadMidGameKeepsTheSeat() {
        Window[] p = page.pair();
        play(p[0], 4, "X");
        b.on(p[0]).driver.navigate().refresh();
        b.await(d -> b.find("#game").isDisplayed());
        b.awaitCell(4, "X");
        b.awaitText("#player-X", "you");
        play(p[1], 0, "O");
        play(p[0], 8, "X");
        b.on(p[1]).awaitCell(8, "X");
    }

    @Test
    void aSpectatorJoinsByTypedCodeSeesEveryMoveAndIsCounted() {
        Window[] p = page.pair();
        String code = b.on(p[0]).find("#room-code").getText();
        Window eve = b.open("eve");
        b.type("#name", "eve");
        // Typed the way people do: lower case, a dash, O for 0 and L for 1.
        b.type(
                "#join-code",
                code.toLowerCase().substring(0, 3).replace('0', 'o').replace('1', 'l')
                        + "-"
                        + code.toLowerCase().substring(3).replace('0', 'o').replace('1', 'l'));
        b.find("#watch").click();
        b.await(d -> b.find("#game").isDisplayed());
        b.on(p[0]).awaitText("#watchers", "1 watching");
        int[] cells = {4, 0, 8, 2};
        for (int i = 0; i < cells.length; i++) {
            String mark = i % 2 == 0 ? "X" : "O";
            play(p[i % 2], cells[i], mark);
            b.on(eve).awaitCell(cells[i], mark);
        }
        assertThat(b.find("#undo").isDisplayed()).isFalse();
        assertThat(b.find("#status").getText()).contains("ana (X) to move");
    }

    @Test
    void theBotAnswersAMove() {
        Window ana = b.open("ana");
        page.create(ana, "ana", 3, "perfect");
        b.awaitText("#player-O", "Bot (perfect)");
        b.awaitText("#status", "Your turn");
        // The keyboard: the centre cell is the board's one tab stop; up, then Enter plays row 1,
        // column 2.
        b.find("#board .cell[tabindex='0']").sendKeys(Keys.ARROW_UP);
        b.driver.switchTo().activeElement().sendKeys(Keys.ENTER);
        b.awaitCell(1, "X");
        b.await(d -> b.marks() == 2);
        b.awaitText("#status", "Your turn");
    }

    @Test
    void undoNeedsTheOpponentsConsent() {
        Window[] p = page.pair();
        play(p[0], 4, "X");
        play(p[1], 0, "O");
        b.on(p[0]).find("#undo").click();
        b.on(p[1]).awaitText("#prompt", "ana (X) asks to take back a move");
        b.find("#undo-decline").click();
        b.await(d -> !b.find("#prompt").isDisplayed());
        b.on(p[0]).await(d -> !b.find("#prompt").isDisplayed());
        b.awaitCell(4, "X");

        b.find("#undo").click();
        b.awaitText("#prompt", "waiting for the answer");
        b.on(p[1]).awaitText("#prompt", "asks to take back");
        b.find("#undo-accept").click();
        for (Window w : p) {
            b.on(w).awaitCell(4, ".");
            b.awaitCell(0, ".");
        }
        play(p[0], 8, "X");
        b.find("#resign").click();
        b.await(d -> b.find("#confirm").isDisplayed());
        b.find("#confirm-yes").click();
        for (Window w : p) {
            b.on(w).awaitText("#status", "bo (O) wins by resignation");
        }
    }

    @Test
    void historyReviewStepsThroughTheCurrentAndFinishedGames() {
        Window[] p = page.pair();
        int[] cells = {0, 3, 1, 4, 2};
        for (int i = 0; i < cells.length; i++) {
            play(p[i % 2], cells[i], i % 2 == 0 ? "X" : "O");
        }
        b.on(p[0]).awaitText("#status", "wins");
        b.find("#review-first").click();
        b.awaitText("#review-pos", "Start, 5 moves");
        assertThat(b.marks()).isZero();
        b.find("#review-forward").click();
        b.awaitText("#review-pos", "Move 1 of 5");
        b.awaitCell(0, "X");
        b.find("#review").sendKeys(Keys.ARROW_RIGHT);
        b.awaitText("#review-pos", "Move 2 of 5");
        b.awaitCell(3, "O");
        assertThat(b.marks()).isEqualTo(2);
        b.find("#review").sendKeys(Keys.ARROW_LEFT);
        b.awaitText("#review-pos", "Move 1 of 5");
        b.find("#review-last").click();
        b.awaitText("#review-pos", "Move 5 of 5 (live)");
        assertThat(b.all("#board .cell.win")).hasSize(3);

        b.find("#rematch").click();
        b.on(p[1]).awaitText("#prompt", "offers a rematch");
        b.find("#rematch").click();
        b.on(p[0]).awaitText("#game-no", "Game 2");
        b.await(d -> b.marks() == 0);
        b.await(d -> b.find("#review-game").getText().contains("Game 1: X won"));
        b.select("#review-game", "1");
        b.awaitText("#review-pos", "Move 5 of 5");
        assertThat(b.marks()).isEqualTo(5);
        b.find("#review-back").click();
        b.awaitText("#review-pos", "Move 4 of 5");
        b.awaitCell(2, ".");
        b.select("#review-game", "now");
        b.awaitText("#review-pos", "No moves yet (live)");
    }

    @Test
    void aBotInvitedIntoTheEmptySeatPlays() {
        Window ana = b.open("ana");
        page.create(ana, "ana", 3, "friend");
        b.awaitText("#status", "Waiting for an opponent");
        b.select("#bot-level", "easy");
        b.find("#invite-bot").click();
        b.awaitText("#player-O", "Bot (easy)");
        play(ana, 4, "X");
        b.await(d -> b.marks() == 2);
    }

    @Test
    void theOpponentsDropIsShownWhileTheSeatIsHeld() {
        Window[] p = page.pair();
        b.on(p[1]).driver.close();
        b.on(p[0]).awaitText("#player-O", "disconnected");
        assertThat(b.find("#player-O").getText()).contains("bo");
    }

    @Test
    void aCellOutOfTurnIsNotPlayable() {
        Window[] p = page.pair();
        b.on(p[1]).awaitText("#status", "ana (X) to move");
        assertThat(b.cell(4).getAttribute("aria-disabled")).isEqualTo("true");
        assertThat(b.find("#board").getAttribute("class")).doesNotContain("playable");
        b.cell(4).click();
        play(p[0], 0, "X");
        b.on(p[1]).awaitCell(0, "X");
        assertThat(b.cell(4).getAttribute("data-mark")).isEqualTo(".");
        assertThat(b.find("#notice").isDisplayed()).isFalse();
    }

    @Test
    void aGomokuBoardFitsTheSamePlace() {
        Window ana = b.open("ana");
        page.create(ana, "ana", 15, "easy");
        assertThat(b.all("#board .cell")).hasSize(225);
        play(ana, 7 * 15 + 7, "X");
        b.await(d -> b.marks() == 2);
        // The bot answered near the first stone: take the first free cell of that row.
        int next = 7 * 15;
        while (!b.cell(next).getAttribute("data-mark").equals(".")) {
            next++;
        }
        play(ana, next, "X");
        b.await(d -> b.marks() == 4);
        b.cell(0).sendKeys(Keys.ARROW_RIGHT);
        b.screenshot("15x15-desktop");
        b.driver.executeCdpCommand(
                "Emulation.setEmulatedMedia",
                Map.of(
                        "features",
                        List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
        b.screenshot("15x15-dark");
        b.driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of()));
        assertThat(b.find("#board").getRect().getWidth()).isBetween(560, 900);
    }

    @Test
    void theRoomStateAppliesDiffsInOrderAndAsksForASyncOnAGap() {
        b.on(b.open("ana"));
        String module =
                b.find("script[type=module]")
                        .getAttribute("src")
                        .replace("main.js", "room-state.js");
        Object result =
                b.driver.executeAsyncScript(
                        """
                        const done = arguments[arguments.length - 1];
                        import(arguments[0]).then(({ RoomState }) => {
                          const s = new RoomState();
                          const diff = (version, value) => ({ type: 'diff', version, event: null,
                            ops: [{ op: 'replace', path: '/version', value: version }, { op: 'replace', path: '/turn', value }] });
                          const seen = [];
                          const say = (r) => seen.push(`${r.changed}:${r.sync === undefined ? '-' : r.sync}:${s.version}`);
                          say(s.receive({ type: 'welcome', seat: 'X', snapshot: { version: 1, turn: 'X' } }));
                          say(s.receive(diff(3, 'X')));
                          say(s.receive(diff(4, 'O')));
                          say(s.receive(diff(2, 'O')));
                          say(s.receive(diff(2, 'O')));
                          say(s.receive({ type: 'diff', version: 3, event: null, ops: [{ op: 'remove', path: '/nothing' }] }));
                          say(s.receive({ type: 'snapshot', snapshot: { version: 9, turn: 'O' } }));
                          done(seen.join(' ') + ' ' + s.snapshot.turn);
                        }, (e) => done(String(e)));
                        """,
                        module);
        // welcome; a gap asks once for what follows v1; a diff past the same gap waits; v2 applies;
        // its duplicate is ignored; a patch that does not apply asks again; a snapshot replaces
        // all.
        assertThat(result)
                .isEqualTo("true:-:1 false:1:1 false:-:1 true:-:2 false:-:2 false:2:2 true:-:9 O");
    }
}
