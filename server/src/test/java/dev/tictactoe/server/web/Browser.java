package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The system's Chromium, headless, driven through the system's chromedriver (named explicitly, so
 * nothing is ever downloaded). One browser serves a whole test class; each person is a window on an
 * origin of their own ({@code ana.test}, {@code bo.test}, ... all mapped to the loopback server),
 * so each keeps its own localStorage, as two people's browsers would.
 */
final class Browser implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Duration WAIT = Duration.ofSeconds(10);

    /** Where screenshots go: {@code -Dscreenshots=DIR} or target/screenshots. */
    static final Path SCREENSHOTS =
            Path.of(System.getProperty("screenshots", Path.of("target", "screenshots").toString()));

    /** Polls conditions often: each poll is one cheap round trip to the driver. */
    static final Duration POLL = Duration.ofMillis(50);

    /**
     * Held so the level sticks: Selenium warns that it has no DevTools bindings for this Chromium,
     * which these tests do not use.
     */
    private static final Logger SELENIUM_LOG = Logger.getLogger("org.openqa.selenium");

    final ChromeDriver driver;
    private String axe;
    private final Path profile;
    private final int port;
    private final String home;

    /** A person's window: its handle and the origin it opens pages on. */
    record Window(String handle, String base) {}

    /**
     * Skips the calling tests when Chromium is missing, except on CI (CI set), where it fails them.
     */
    static void requireChromium() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        String why =
                "browser tests need "
                        + CHROMIUM
                        + " and "
                        + CHROMEDRIVER
                        + " (apt-get install chromium chromium-driver)";
        if (!present && System.getenv("CI") != null) {
            fail(why);
        }
        assumeTrue(present, why);
    }

    Browser(int port) {
        SELENIUM_LOG.setLevel(Level.SEVERE);
        this.port = port;
        try {
            profile = Files.createTempDirectory("ttt-chromium");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(CHROMEDRIVER.toFile())
                        .usingAnyFreePort()
                        .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-background-timer-throttling",
                "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows",
                "--window-size=1280,1000",
                "--host-resolver-rules=MAP *.test 127.0.0.1",
                "--user-data-dir=" + profile);
        driver = new ChromeDriver(service, options);
        home = driver.getWindowHandle();
    }

    /** A new window for a person, on their own origin, showing the start page. */
    Window open(String person) {
        return open(person, "/");
    }

    /** A new window for a person, on their own origin, showing {@code path}. */
    Window open(String person, String path) {
        driver.switchTo().newWindow(WindowType.WINDOW);
        Window w = new Window(driver.getWindowHandle(), "http://" + person + ".test:" + port);
        driver.get(w.base() + path);
        return w;
    }

    /** Closes every window but the first, between tests. */
    void closeWindows() {
        for (String handle : driver.getWindowHandles()) {
            if (!handle.equals(home)) {
                driver.switchTo().window(handle).close();
            }
        }
        driver.switchTo().window(home);
    }

    Browser on(Window w) {
        driver.switchTo().window(w.handle());
        return this;
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    void await(ExpectedCondition<?> condition) {
        new WebDriverWait(driver, WAIT, POLL).until(condition);
    }

    /** Waits until the element's text contains {@code text}. */
    void awaitText(String css, String text) {
        await(
                d -> {
                    List<WebElement> found = all(css);
                    return !found.isEmpty() && found.get(0).getText().contains(text);
                });
    }

    void type(String css, String text) {
        WebElement input = find(css);
        input.clear();
        input.sendKeys(text);
    }

    /** Opens the lobby's "More options", where every setting of a new room or match is. */
    void moreOptions() {
        if (find("#more").getAttribute("open") == null) {
            find("#more summary").click();
        }
    }

    void select(String css, String value) {
        new Select(find(css)).selectByValue(value);
    }

    WebElement cell(int index) {
        return find("#board [data-cell='" + index + "']");
    }

    /** Waits until cell {@code index} shows {@code mark} ("X", "O" or "."). */
    void awaitCell(int index, String mark) {
        await(d -> mark.equals(cell(index).getAttribute("data-mark")));
    }

    /** Joins from the room link {@code w} shows, as a player or to watch. */
    void joinByLink(Window w, String name, boolean watch) {
        on(w).await(d -> find("#join-card").isDisplayed());
        type("#join-card-name", name);
        find(watch ? "#join-card-watch" : "#join-card-play").click();
        await(d -> find("#game").isDisplayed());
    }

    /**
     * Plays {@code cell} in window {@code w} once it is that person's turn, and waits for the mark.
     */
    void play(Window w, int cell, String mark) {
        on(w).awaitText("#status", "Your turn");
        cell(cell).click();
        awaitCell(cell, mark);
    }

    /** Waits for the room page to show a game with its code, connected. */
    String awaitRoom() {
        await(d -> find("#game").isDisplayed() && !find("#room-code").getText().isBlank());
        awaitText("#conn-text", "Connected");
        return find("#room-code").getText();
    }

    /** How many cells hold a mark, counted in the page (one round trip for any board). */
    long marks() {
        return (Long)
                driver.executeScript(
                        "return document.querySelectorAll('#board"
                                + " .cell:not([data-mark=\".\"])').length");
    }

    /**
     * Shows the page in a viewport of exactly {@code width} × {@code height} CSS pixels (a phone's
     * when {@code mobile}), whatever the window around it; {@link #resetViewport} undoes it.
     */
    void viewport(int width, int height, boolean mobile) {
        driver.executeCdpCommand(
                "Emulation.setDeviceMetricsOverride",
                Map.of(
                        "width", width,
                        "height", height,
                        "deviceScaleFactor", 1,
                        "mobile", mobile));
    }

    void resetViewport() {
        driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }

    /**
     * Runs axe-core (from its WebJar) on the page as it is and returns its violations, each as
     * "rule (impact): the first offending element".
     */
    @SuppressWarnings("unchecked")
    List<String> axeViolations() {
        if (axe == null) {
            axe = axeSource();
        }
        Object found =
                driver.executeAsyncScript(
                        axe
                                + """
                                ;const done = arguments[arguments.length - 1];
                                axe.run(document, { resultTypes: ['violations'] }).then(
                                  (r) => done(r.violations.map((v) => `${v.id} (${v.impact}): ${
                                    v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)),
                                  (e) => done([`axe failed: ${e}`]));
                                """);
        return (List<String>) found;
    }

    private static String axeSource() {
        try (InputStream props =
                Browser.class.getResourceAsStream(
                        "/META-INF/maven/org.webjars.npm/axe-core/pom.properties")) {
            Properties p = new Properties();
            p.load(props);
            String path =
                    "/META-INF/resources/webjars/axe-core/"
                            + p.getProperty("version")
                            + "/axe.min.js";
            try (InputStream in = Browser.class.getResourceAsStream(path)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void resize(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(
                    SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary profile left behind is harmless.
        }
    }
}
