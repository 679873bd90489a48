package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.Test;

/**
 * A front end served from another site, listed in {@code --allowed-origins}, creates a room and
 * looks it up with {@code fetch} in real Chromium (preflight included); a page from a site not
 * listed is stopped by the browser.
 */
class CrossOriginBrowserIT {

    /** Creates a room on the API server from the current page; says what the page could see. */
    private static final String CREATE_AND_LOOK_UP =
            """
            const [api, done] = [arguments[0], arguments[arguments.length - 1]];
            fetch(api + '/api/rooms', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ size: 5 }),
            })
              .then((r) => r.json().then((room) => [r.status, room]))
              .then(([status, room]) =>
                fetch(api + '/api/rooms/' + room.code).then((r) => r.json().then((s) =>
                  done(status + ' ' + s.settings.size + ' ' + (s.room === room.code)))))
              .catch((e) => done('blocked: ' + e.name));
            """;

    @Test
    void aListedFrontEndCreatesARoomAndAnotherSiteIsStopped() {
        Browser.requireChromium();
        try (GameServer front = ServerConfig.local().start();
                GameServer api =
                        ServerConfig.local("--allowed-origins=http://front.test:" + front.port())
                                .start();
                Browser b = new Browser(front.port())) {
            String apiBase = "http://api.test:" + api.port();

            // A page without the start page's Content-Security-Policy, which keeps its scripts on
            // its own origin: a front end hosted elsewhere has its own.
            b.on(b.open("front", "/healthz"));
            assertThat(b.driver.executeAsyncScript(CREATE_AND_LOOK_UP, apiBase))
                    .isEqualTo("201 5 true");

            b.on(b.open("evil", "/healthz"));
            assertThat(b.driver.executeAsyncScript(CREATE_AND_LOOK_UP, apiBase))
                    .isEqualTo("blocked: TypeError");
        }
    }
}
