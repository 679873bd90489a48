package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.web.Browser.Window;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

/**
 * The page as a game: the layout at a desktop and a phone size (every control in view), a quick
 * phrase from one player to the other, the questions before giving a game up, the review bar, a
 * finished game's analysis, dead links, the turn in the tab, two tabs on one seat, and axe-core on
 * the lobby, a room and a finished game (kept in a data directory, so it can be analysed).
 * Screenshots of each screen go to {@link Browser#SCREENSHOTS}.
 */
class GamePageBrowserIT {

    private static final int DESKTOP_W = 1280;
    private static final int DESKTOP_H = 720;
    private static final int PHONE_W = 390;
    private static final int PHONE_H = 844;

    /** The ids (or tags) of shown controls of the room that end outside the viewport. */
    private static final String OUT_OF_VIEW =
            """
            const out = [];
            for (const el of document.querySelectorAll(
                '#room button, #room select, #room input, #board, #moves')) {
              if (el.closest('#moves') && el.id !== 'moves') continue;
              if (el.closest('#board') && el.id !== 'board') continue;
              const r = el.getBoundingClientRect();
              if (r.width === 0 && r.height === 0) continue;
              if (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) out.push(el.id || el.tagName);
            }
            return out;
            """;

    @TempDir static Path data;

    /** Its server keeps finished games in {@link #data}, so they can be analysed. */
    @RegisterExtension
    static final BrowserFixture page =
            new BrowserFixture(() -> ServerConfig.local("--data-dir=" + data));

    private final Browser b = page.browser();

    @AfterEach
    void resetViewport() {
        b.resetViewport();
    }

    /** Screenshots at both sizes; at the desktop size every control must be in view. */
    private void shoot(String name) {
        b.viewport(DESKTOP_W, DESKTOP_H, false);
        assertThat(outOfView()).as("controls below the fold on " + name).isEmpty();
        b.screenshot(name + "-" + DESKTOP_W + "x" + DESKTOP_H);
        b.viewport(PHONE_W, PHONE_H, true);
        assertThat(b.find("#board").getRect().getWidth()).isLessThanOrEqualTo(PHONE_W);
        b.screenshot(name + "-" + PHONE_W + "x" + PHONE_H);
        b.viewport(DESKTOP_W, DESKTOP_H, false);
    }

    @SuppressWarnings("unchecked")
    private List<String> outOfView() {
        return (List<String>) b.driver.executeScript(OUT_OF_VIEW);
    }

    @Test
    void everyScreenFitsADesktopAndAPhoneAndPassesAxe() {
        Window ana = b.open("ana");
        b.viewport(DESKTOP_W, DESKTOP_H, false);
        assertThat(b.find("#conn").isDisplayed()).as("no connection line in the lobby").isFalse();
        assertThat(b.axeViolations()).as("lobby").isEmpty();
        b.screenshot("lobby-" + DESKTOP_W + "x" + DESKTOP_H);
        b.viewport(PHONE_W, PHONE_H, true);
        b.screenshot("lobby-" + PHONE_W + "x" + PHONE_H);
        b.viewport(DESKTOP_W, DESKTOP_H, false);

        String code = page.create(ana, "ana", 3, "friend");
        Window bo = b.open("bo", "/r/" + code);
        b.joinByLink(bo, "bo", false);
        b.play(ana, 4, "X");
        b.play(bo, 0, "O");
        b.on(ana).awaitText("#status", "Your turn");
        // A quick phrase from one player shows by her name on the other's page too.
        b.find("#phrases button[data-phrase='good_luck']").click();
        b.on(bo).awaitText("#said-X", "Good luck!");
        assertThat(b.find("#said-X").getAttribute("aria-live")).isEqualTo("polite");
        b.on(ana).awaitText("#said-X", "Good luck!");
        assertThat(outOfView()).isEmpty();
        assertThat(b.axeViolations()).as("room").isEmpty();
        shoot("3x3");

        b.play(ana, 2, "X");
        b.play(bo, 1, "O");
        b.play(ana, 6, "X");
        b.on(ana).awaitText("#status", "ana (X) wins");
        assertThat(b.axeViolations()).as("game over").isEmpty();
        shoot("game-over");

        b.find("#review-first").click();
        b.find("#review-forward").click();
        b.find("#review-forward").click();
        b.awaitText("#review-bar", "Reviewing move 2 of 5");
        assertThat(b.find("#status").isDisplayed()).isFalse();
        shoot("review");
        b.find("#review-live").click();
        b.await(d -> b.find("#status").isDisplayed() && !b.find("#review-bar").isDisplayed());

        Window eve = b.open("eve");
        page.create(eve, "eve", 15, "easy");
        // Three stones on a diagonal (no five), each answered by the bot; a point the bot took is
        // passed over.
        int played = 0;
        for (int cell : new int[] {7 * 15 + 7, 8 * 15 + 8, 6 * 15 + 6, 9 * 15 + 9, 5 * 15 + 5}) {
            if (played == 3) {
                break;
            }
            if (!b.cell(cell).getAttribute("data-mark").equals(".")) {
                continue;
            }
            b.play(eve, cell, "X");
            played++;
            long marks = 2L * played;
            b.await(d -> b.marks() == marks);
        }
        shoot("15x15");
    }

    @Test
    void aFinishedGameUnderReviewShowsItsAnalysis() {
        Window[] p = page.pair();
        // X centre, O on an edge (the losing answer), X wins down the first column.
        int[] cells = {4, 1, 0, 8, 6, 2, 3};
        for (int i = 0; i < cells.length; i++) {
            b.play(p[i % 2], cells[i], i % 2 == 0 ? "X" : "O");
        }
        b.on(p[1]).awaitText("#status", "ana (X) wins");
        assertThat(b.find("#eval").isDisplayed()).as("no bar on the live board").isFalse();

        b.find("#review-first").click();
        b.awaitText("#eval-text", "Draw");
        assertThat(b.find("#eval").isDisplayed()).isTrue();
        assertThat(b.all("#board .cell.best")).as("the best move of the start").hasSize(1);
        b.find("#review-forward").click();
        b.find("#review-forward").click();
        b.awaitText("#review-pos", "Move 2 of 7");
        b.awaitText("#eval-text", "X wins");
        assertThat(b.find("#eval-label").getAttribute("textContent")).isEqualTo("Solved: X wins");
        assertThat(b.find("#moves button[data-step='2'] .verdict").getAttribute("data-verdict"))
                .isEqualTo("blunder");
        assertThat(b.all("#moves .verdict[data-verdict='best']")).hasSize(cells.length - 1);
        assertThat(b.find("#analysis-legend").isDisplayed()).isTrue();
        assertThat(b.axeViolations()).as("analysis").isEmpty();
        shoot("analysis");

        b.find("#review-live").click();
        b.await(d -> !b.find("#eval").isDisplayed() && !b.find("#analysis-legend").isDisplayed());
        assertThat(b.all("#moves .verdict")).isEmpty();
        assertThat(b.all("#board .cell.best")).isEmpty();
    }

    @Test
    void resignAndLeaveInPlayAskFirst() {
        Window[] p = page.pair();
        b.play(p[0], 4, "X");
        b.on(p[0]).find("#resign").click();
        b.await(d -> b.find("#confirm").isDisplayed());
        b.find("#confirm-no").click();
        b.await(d -> !b.find("#confirm").isDisplayed());
        b.find("#leave").click();
        b.await(d -> b.find("#confirm").isDisplayed());
        assertThat(b.find("#confirm-text").getText()).contains("Leave this game");
        b.find("#confirm-no").click();
        b.await(d -> !b.find("#confirm").isDisplayed());
        assertThat(b.find("#game").isDisplayed()).isTrue();
        b.on(p[1]).awaitText("#status", "Your turn");

        b.on(p[0]).find("#resign").click();
        b.await(d -> b.find("#confirm").isDisplayed());
        b.find("#confirm-yes").click();
        b.on(p[1]).awaitText("#status", "bo (O) wins by resignation");
        // Over, leaving loses nothing, so it is not asked.
        b.on(p[0]).find("#leave").click();
        b.await(d -> b.find("#lobby").isDisplayed());
    }

    @Test
    void theTurnShowsInTheTabsTitleAndIcon() {
        Window[] p = page.pair();
        b.on(p[0]).await(d -> b.driver.getTitle().startsWith("● Your turn"));
        assertThat(b.find("link[rel=icon]").getAttribute("href")).endsWith("icon-turn.svg");
        b.on(p[1]);
        assertThat(b.driver.getTitle()).doesNotContain("Your turn");
        assertThat(b.find("link[rel=icon]").getAttribute("href")).endsWith("/icon.svg");
        b.play(p[0], 4, "X");
        b.on(p[1]).await(d -> b.driver.getTitle().startsWith("● Your turn"));
        b.on(p[0]).await(d -> !b.driver.getTitle().contains("Your turn"));
    }

    @Test
    void aLinkToARoomThatIsGoneSaysSoInsteadOfOfferingToJoin() {
        b.open("ana", "/r/ZZZZZZ");
        b.await(d -> b.find("#lobby").isDisplayed());
        b.awaitText("#notice", "There is no room ZZZZZZ");
        assertThat(b.find("#join-card").isDisplayed()).isFalse();
        assertThat(b.driver.getCurrentUrl()).endsWith("/");
    }

    @Test
    void twoTabsOfOneSeatSettleOnTheNewerAndTheOlderSaysWhy() {
        Window first = b.open("ana");
        String code = page.create(first, "ana", 3, "friend");
        // Same person, same origin: the second tab finds the seat token and takes the seat.
        Window second = b.open("ana", "/r/" + code);
        b.on(second).awaitRoom();
        b.on(first).awaitText("#conn-text", "This seat is now played in another tab");
        b.on(second).find("#invite-bot").click();
        b.play(second, 4, "X");
        b.await(d -> b.marks() == 2);
        b.awaitText("#conn-text", "Connected");
        b.on(first).awaitText("#conn-text", "This seat is now played in another tab");
    }

    @Test
    void theLobbyPlaysTheBotInOneClickAndRemembersSound() {
        b.open("zed");
        assertThat(b.find("#create").isDisplayed()).as("settings behind More options").isFalse();
        b.find("#play-bot").click();
        b.awaitRoom();
        b.await(
                d ->
                        (b.find("#player-X").getText() + b.find("#player-O").getText())
                                .contains("Bot (medium)"));
        assertThat(b.find("#player-X").getText() + b.find("#player-O").getText()).contains("Guest");

        assertThat(b.find("#sound").getAttribute("aria-pressed")).isEqualTo("false");
        b.find("#sound").click();
        assertThat(b.find("#sound").getAttribute("aria-pressed")).isEqualTo("true");
        b.driver.navigate().refresh();
        b.await(d -> "true".equals(b.find("#sound").getAttribute("aria-pressed")));
    }
}
