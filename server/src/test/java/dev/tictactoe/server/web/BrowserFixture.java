package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;
import dev.tictactoe.server.web.Browser.Window;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.function.Supplier;

/**
 * A browser test class's server and Chromium, registered as a static extension: both start before
 * its tests (skipped without Chromium), the windows close after each test (after the class's own
 * {@code @AfterEach}), and both stop after all. It also seats the usual pair of people.
 */
final class BrowserFixture implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    private final Supplier<ServerConfig> config;
    private GameServer server;
    private Browser browser;

    /** A server with the defaults on a free loopback port. */
    BrowserFixture() {
        this(() -> ServerConfig.local());
    }

    /**
     * A server with the settings {@code config} gives before the tests (after {@code @TempDir}s).
     */
    BrowserFixture(Supplier<ServerConfig> config) {
        this.config = config;
    }

    /** The server's port, once the class's tests have begun. */
    int port() {
        return server.port();
    }

    /** The browser, once the class's tests have begun. */
    Browser browser() {
        return browser;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Browser.requireChromium();
        server = config.get().start();
        browser = new Browser(server.port());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        browser.closeWindows();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (browser != null) {
            browser.close();
        }
        if (server != null) {
            server.close();
        }
    }

    /** Creates a room from the start page {@code w} shows; returns its code. */
    String create(Window w, String name, int size, String opponent) {
        Browser b = browser.on(w);
        b.type("#name", name);
        b.moreOptions();
        b.select("#size", String.valueOf(size));
        b.select("#opponent", opponent);
        b.find("#create").click();
        return b.awaitRoom();
    }

    /** ana (X) and bo (O) in a fresh 3 × 3 room, bo joined by the link ana's page shows. */
    Window[] pair() {
        Browser b = browser;
        Window ana = b.open("ana");
        String code = create(ana, "ana", 3, "friend");
        assertThat(b.find("#room-link").getAttribute("value")).isEqualTo(ana.base() + "/r/" + code);
        Window bo = b.open("bo", "/r/" + code);
        b.joinByLink(bo, "bo", false);
        b.on(ana).awaitText("#player-O", "bo");
        return new Window[] {ana, bo};
    }
}
