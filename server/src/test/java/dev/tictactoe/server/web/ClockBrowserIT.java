package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.web.Browser.Window;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;

/**
 * Clocks, timeouts and idle claims in the browser client against a real server, whose idle claim
 * time is the shortest a server allows so that a claim is reached in seconds.
 */
class ClockBrowserIT {

    private static final Duration CLAIM_AFTER = IdleClaim.MIN_AFTER;

    /** A 3-minute clock that has started to run. */
    private static final String BELOW_THREE_MINUTES = "2:[0-5][0-9]";

    @RegisterExtension
    static final BrowserFixture page =
            new BrowserFixture(() -> ServerConfig.local("--idle-claim=" + CLAIM_AFTER));

    private final Browser b = page.browser();

    /**
     * ana (X, moving first) creates a 3 × 3 room with {@code clock} ("" for none); bo joins by its
     * link.
     */
    private Window[] pair(String clock) {
        Window ana = b.open("ana");
        b.type("#name", "ana");
        b.moreOptions();
        if (clock.isEmpty() || b.all("#clock option[value='" + clock + "']").size() == 1) {
            b.select("#clock", clock);
        } else {
            b.select("#clock", "custom");
            b.await(d -> b.find("#clock-custom").isDisplayed());
            b.type("#clock-custom", clock);
        }
        b.find("#create").click();
        String code = b.awaitRoom();
        Window bo = b.open("bo", "/r/" + code);
        b.joinByLink(bo, "bo", false);
        b.on(ana).awaitText("#player-O", "bo");
        return new Window[] {ana, bo};
    }

    @Test
    void bothClocksShowAndOnlyTheSideToMoveCountsDown() {
        Window[] p = pair("3m+2s");
        for (Window w : p) {
            b.on(w).awaitText("#clock-line", "Clock 3m+2s");
            b.await(d -> b.find("#clock-X").getAttribute("class").contains("running"));
            assertThat(b.find("#clock-O").getText()).isEqualTo("3:00");
            assertThat(b.find("#clock-O").getAttribute("class")).doesNotContain("running");
        }
        // Nobody moves: X's clock turns by itself, O's stands still.
        b.on(p[1]).await(d -> b.find("#clock-X").getText().matches(BELOW_THREE_MINUTES));
        assertThat(b.find("#clock-O").getText()).isEqualTo("3:00");

        b.play(p[0], 4, "X");
        for (Window w : p) {
            b.on(w).await(d -> b.find("#clock-O").getAttribute("class").contains("running"));
            assertThat(b.find("#clock-X").getAttribute("class")).doesNotContain("running");
        }
        // Now O's clock turns and X's stands still.
        String x = b.on(p[0]).find("#clock-X").getText();
        b.await(d -> b.find("#clock-O").getText().matches(BELOW_THREE_MINUTES));
        assertThat(b.find("#clock-X").getText()).isEqualTo(x);
        b.screenshot("clock-3x3");
    }

    @Test
    void aPlayerWhoLetsTheMoveTimeRunOutLosesOnTimeAndBothSeeIt() {
        Window[] p = pair("1s/move");
        for (Window w : p) {
            b.on(w).awaitText("#status", "bo (O) wins on time: ana (X) ran out of time.");
            b.awaitText("#clock-line", "Clock 1s/move · ana (X) ran out of time");
            assertThat(b.find("#clock-X").isDisplayed())
                    .as("no game clock, no clock readings")
                    .isFalse();
            assertThat(b.find("#player-O").getAttribute("class")).contains("winner");
        }
        assertThat(b.on(p[0]).find("#rematch").isDisplayed()).isTrue();
    }

    @Test
    void aLimitPerMoveShowsWhatIsLeftOfTheMove() {
        Window[] p = pair("5m+3s,30s/move");
        b.on(p[1]).awaitText("#clock-line", "Clock 5m+3s,30s/move · this move 0:");
        b.awaitText("#clock-line", "left");
        assertThat(b.find("#clock-X").getText()).matches("[45]:[0-5][0-9]");
    }

    @Test
    void anIdleOpponentCanBeClaimedFromAndTheIdleSideIsWarned() {
        Window[] p = pair("");
        assertThat(b.on(p[0]).find("#clock-line").isDisplayed())
                .as("an untimed room shows no clock")
                .isFalse();
        b.play(p[0], 4, "X");
        // bo, to move, is warned as the claim time nears; ana may claim once it is reached.
        b.on(p[1]).awaitText("#claim-note", "may claim the game");
        assertThat(b.find("#claim-note").getText()).contains("ana (X)");
        b.on(p[0]);
        new WebDriverWait(b.driver, CLAIM_AFTER.plus(Browser.WAIT), Browser.POLL)
                .until(d -> b.find("#claim").isDisplayed());
        assertThat(b.find("#claim-note").getText())
                .isEqualTo("bo (O) has been idle too long: you may claim the game.");
        b.find("#claim").click();
        for (Window w : p) {
            b.on(w).awaitText("#status", "ana (X) wins by abandonment.");
            assertThat(b.find("#claim").isDisplayed()).isFalse();
            assertThat(b.find("#claim-note").isDisplayed()).isFalse();
        }
    }

    @Test
    void clocksAndClaimsAreWorkedOutFromTheSnapshotAndTheServersTime() {
        b.on(b.open("ana"));
        String base = b.find("script[type=module]").getAttribute("src").replace("main.js", "");
        Object result =
                b.driver.executeAsyncScript(
                        """
                        const done = arguments[arguments.length - 1];
                        Promise.all([import(arguments[0] + 'room-view.js'), import(arguments[0] + 'room-state.js')])
                          .then(([{ clockFace, claimState, formatClock }, { RoomState }]) => {
                            const seen = [];
                            const clock = { control: '3m+2s', X: 171500, O: 180000, running: 'O', turnStartedAt: 1000,
                              deadlineAt: 181000, flagged: null };
                            const f = clockFace(clock, 13300);
                            seen.push(`${f.X} ${f.O} ${f.moveLeft} ${formatClock(f.O)} ${formatClock(3725000)}`);
                            const m = clockFace({ ...clock, control: '3m+2s,20s/move', deadlineAt: 21000 }, 7000);
                            seen.push(`${m.moveLeft} ${clockFace(null, 0)}`);
                            const players = { X: { name: 'ana', kind: 'human' }, O: { name: 'bo', kind: 'human' } };
                            const s = { status: 'playing', turn: 'O', claimableAt: 60000, players, clock: null };
                            seen.push([claimState(s, 'X', 59999).claimable, claimState(s, 'X', 60000).claimable,
                              claimState(s, null, 99999).claimable, claimState({ ...s, turn: 'X' }, 'X', 50000).text].join('|'));
                            // The server's time: from serverTime when given, else from the arrival of a diff starting a turn.
                            let local = 5000;
                            const state = new RoomState(() => local);
                            const snapshot = { version: 1, clock: { ...clock, turnStartedAt: 900 } };
                            state.receive({ type: 'welcome', seat: 'X', snapshot });
                            seen.push(state.now());
                            state.receive({ type: 'diff', version: 2, event: null, ops: [
                              { op: 'replace', path: '/version', value: 2 },
                              { op: 'replace', path: '/clock/turnStartedAt', value: 9000 }] });
                            seen.push(state.now());
                            state.receive({ type: 'snapshot', serverTime: 20000, snapshot: { version: 3, clock: null } });
                            local = 5100;
                            seen.push(state.now());
                            done(seen.join(' / '));
                          }, (e) => done(String(e)));
                        """,
                        base);
        assertThat(result)
                .isEqualTo(
                        "171500 167700 null 2:48 1:02:05 / 14000 null / false|true|false|Move soon:"
                                + " bo (O) may claim the game in 10 s. / 5000 / 9000 / 20100");
    }
}
