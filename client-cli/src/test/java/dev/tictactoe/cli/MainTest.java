package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.client.MatchApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.NewRoom;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

class MainTest {

    private record Run(int code, String err) {}

    private static Run run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        return new Run(cli.execute(args), err.toString());
    }

    @Test
    void helpSucceeds() {
        assertThat(run("--help").code()).isZero();
        assertThat(run("create", "--help").code()).isZero();
    }

    @Test
    void usageErrorsExitWithFourAndSayWhy() {
        Run unknown = run("join");
        assertThat(unknown.code()).isEqualTo(ExitCodes.ERROR);
        assertThat(unknown.err()).contains("Missing required parameter: 'CODE'");
        assertThat(run("fly").code()).isEqualTo(ExitCodes.ERROR);
        Run badSize = run("create", "--size", "20", "--server", "http://127.0.0.1:1");
        assertThat(badSize.code()).isEqualTo(ExitCodes.ERROR);
        assertThat(badSize.err())
                .isEqualTo("ttt: --size must be 3 to 19, was 20" + System.lineSeparator());
        Run badCode = run("join", "K7M-Q2!");
        assertThat(badCode.err())
                .contains("\"K7M-Q2!\" is not a room code")
                .doesNotContain("Exception");
        assertThat(run("watch", "K7MQ2P", "--server", "ftp://x").err())
                .startsWith("ttt: --server: \"ftp://x\" is not an http:// or https:// URL");
    }

    @Test
    void createTurnsOptionsIntoRoomSettings() {
        CreateCommand create =
                create(
                        "--size",
                        "15",
                        "--seat",
                        "o",
                        "--first",
                        "Random",
                        "--bot",
                        "HARD",
                        "--no-early-draw",
                        "--no-spectators");
        assertThat(create.request())
                .isEqualTo(new NewRoom(15, 5, "O", "random", false, false, "hard", null, null));
        assertThat(create().request()).isEqualTo(NewRoom.DEFAULT);
        assertThat(create("--size", "4").request().winLength()).isEqualTo(4);
        assertThat(create("--size", "7", "--k", "4").request().winLength()).isEqualTo(4);
        assertThatThrownBy(() -> create("--k", "4").request())
                .hasMessage("--k must be 3 to the board size (3), was 4");
        // The server refuses a row shorter than three; the client says so before connecting.
        assertThatThrownBy(() -> create("--size", "7", "--k", "2").request())
                .hasMessage("--k must be 3 to the board size (7), was 2");
        assertThatThrownBy(() -> create("--seat", "Z").request())
                .hasMessage("--seat must be X, O or random, was \"Z\"");
        assertThat(create("--bot", "easy", "--bot-seed", "42").request().botSeed()).isEqualTo(42L);
        assertThat(create().request().botSeed()).isNull();
        assertThatThrownBy(() -> create("--bot-seed", "-1").request())
                .hasMessage("--bot-seed must be 0 to 9007199254740991, was -1");
        assertThatThrownBy(() -> create("--bot", "god").request())
                .hasMessage("--bot must be easy, medium, hard or perfect, was \"god\"");
    }

    @Test
    void clockFlagsBecomeTheProtocolsTimeControl() {
        assertThat(create("--clock", "3m+2s").request().clock()).isEqualTo("3m+2s");
        assertThat(create("--clock", " 5m+3s,30s/move ").request().clock())
                .isEqualTo("5m+3s,30s/move");
        assertThat(create("--move-time", "20s").request().clock()).isEqualTo("20s/move");
        assertThat(create("--move-time", "90").request().clock()).isEqualTo("1m30s/move");
        assertThat(create("--clock", "3m+2s", "--move-time", "1m").request().clock())
                .isEqualTo("3m+2s,1m/move");
        assertThat(create("--clock", "3m", "--size", "15").request())
                .isEqualTo(new NewRoom(15, 5, "X", "X", true, true, null, "3m", null));
        assertThat(create().request().clock()).isNull();
        assertThatThrownBy(() -> create("--clock", "20s/move", "--move-time", "10s").request())
                .hasMessage(
                        "--move-time and a limit per move in --clock (\"20s/move\"): give one of"
                                + " them");
        assertThatThrownBy(() -> create("--move-time", "soon").request())
                .hasMessage(
                        "--move-time: \"soon\" is not a duration (use 500ms, 30s, 2m, 1m30s, 1h or"
                                + " PT30S)");
        assertThatThrownBy(() -> create("--clock", " ").request())
                .hasMessage("--clock needs a time control, like 3m+2s or 20s/move");
    }

    @Test
    void playTurnsOptionsIntoAQuickMatchRequest() {
        assertThat(play().request("p1", "ana"))
                .isEqualTo(new MatchApi.Request(null, "p1", "ana", 3, 3, null, null, null));
        assertThat(play("--size", "15", "--clock", "3m+2s", "--bot", "Hard").request("p1", "ana"))
                .isEqualTo(
                        new MatchApi.Request(
                                null,
                                "p1",
                                "ana",
                                15,
                                5,
                                "3m+2s",
                                "hard",
                                PlayCommand.DEFAULT_BOT_AFTER));
        assertThat(play("--bot", "easy", "--bot-after", "90").request("p1", "ana").botAfter())
                .isEqualTo("1m30s");
        assertThat(play("--move-time", "20s").request("p1", "ana").clock()).isEqualTo("20s/move");
        assertThatThrownBy(() -> play("--bot-after", "5s").request("p1", "ana"))
                .hasMessage("--bot-after needs --bot LEVEL: the bot that plays if nobody came");
        assertThatThrownBy(() -> play("--bot", "easy", "--bot-after", "later").request("p1", "ana"))
                .hasMessageStartingWith("--bot-after: \"later\" is not a duration");
        assertThatThrownBy(() -> play("--bot", "god").request("p1", "ana"))
                .hasMessage("--bot must be easy, medium, hard or perfect, was \"god\"");
        assertThatThrownBy(() -> play("--size", "2").request("p1", "ana"))
                .hasMessage("--size must be 3 to 19, was 2");
        assertThat(run("play", "--help").code()).isZero();
    }

    @Test
    void roomCodesAreNormalisedForgivingCaseAndLookAlikes() {
        assertThat(ClientOptions.roomCode("k7mq2p")).isEqualTo("K7MQ2P");
        assertThat(ClientOptions.roomCode(" k7m-q2p ")).isEqualTo("K7MQ2P");
        assertThat(ClientOptions.roomCode("ABCDEO")).isEqualTo("ABCDE0");
        assertThat(ClientOptions.roomCode("abcdel")).isEqualTo("ABCDE1");
        assertThatThrownBy(() -> ClientOptions.roomCode("K7MQ2"))
                .isInstanceOf(UserError.class)
                .hasMessage(
                        "\"K7MQ2\" is not a room code: codes are 6 letters and digits, like"
                                + " K7MQ2P");
    }

    @Test
    void theServerDefaultsToLocalhost() {
        JoinCommand join = join("K7MQ2P");
        String expected =
                System.getenv("TTT_SERVER") == null
                        ? ServerAddress.DEFAULT
                        : System.getenv("TTT_SERVER");
        assertThat(join.options.server).isEqualTo(expected);
        assertThat(
                        join("K7MQ2P", "--server", "http://h:1", "--script", "--keep-going")
                                .options
                                .keepGoing)
                .isTrue();
    }

    private static CreateCommand create(String... args) {
        return (CreateCommand) parse("create", args);
    }

    private static PlayCommand play(String... args) {
        return (PlayCommand) parse("play", args);
    }

    private static JoinCommand join(String... args) {
        return (JoinCommand) parse("join", args);
    }

    private static Object parse(String command, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = command;
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.commandLine().parseArgs(all).subcommand().commandSpec().userObject();
    }
}
