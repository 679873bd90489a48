package dev.tictactoe.server;

import ch.qos.logback.classic.LoggerContext;

import dev.tictactoe.server.cluster.NodeFile;
import dev.tictactoe.server.cluster.ProxyConfig;
import dev.tictactoe.server.flags.ClusterFlags;
import dev.tictactoe.server.flags.Defaults;
import dev.tictactoe.server.flags.MatchFlags;
import dev.tictactoe.server.flags.NetFlags;
import dev.tictactoe.server.flags.RoomFlags;
import dev.tictactoe.server.flags.StoreFlags;
import dev.tictactoe.server.flags.Values;
import dev.tictactoe.server.logging.LogFormat;
import dev.tictactoe.server.metrics.BuildInfo;
import dev.tictactoe.server.net.GameServer;
import dev.tictactoe.server.net.NetSettings;
import dev.tictactoe.server.net.PortUnavailable;
import dev.tictactoe.server.store.DataDirException;
import dev.tictactoe.server.store.Store;

import io.netty.util.ResourceLeakDetector;

import org.slf4j.LoggerFactory;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** Starts the game server from flags and environment variables (flags win). */
@Command(
        name = "tictactoe-server",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Authoritative WebSocket server for k-in-a-row games.",
        showDefaultValues = true)
public final class Main implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Mixin NetFlags net = new NetFlags();

    @Mixin RoomFlags rooms = new RoomFlags();

    @Mixin StoreFlags store = new StoreFlags();

    @Mixin MatchFlags match = new MatchFlags();

    @Mixin ClusterFlags cluster = new ClusterFlags();

    public static final LogFormat DEFAULT_LOG_FORMAT = LogFormat.TEXT;

    @Option(
            names = "--log-format",
            description = "Log lines as text or json: one JSON object a line")
    LogFormat logFormat;

    /** A start refused for its data directory or its address: sysexits.h EX_CONFIG. */
    static final int EXIT_REFUSED = 78;

    public static void main(String[] args) {
        quietLeakDetection();
        int code = commandLine(new Main(), System.getenv()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Netty's default leak sampling takes hundreds of stack traces a second under load. */
    public static void quietLeakDetection() {
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"tictactoe-server " + BuildInfo.CURRENT.describe()};
        }
    }

    /** The command line of {@code main}, its defaults read from {@code env}. */
    static CommandLine commandLine(Main main, Map<String, String> env) {
        CommandLine cli = new CommandLine(main);
        Defaults defaults = new Defaults(env, Main.class);
        cli.getCommandSpec().defaultValueProvider(defaults);
        defaults.nameVariables(cli.getCommandSpec());
        Values.register(cli);
        cli.addSubcommand(
                new ProxyConfig(
                        NetSettings.DEFAULT_UNKNOWN_CODES_PER_SECOND,
                        NetSettings.DEFAULT_UNKNOWN_CODE_BURST));
        cli.setParameterExceptionHandler(new FlagErrors());
        return cli;
    }

    ServerConfig config() {
        return new ServerConfig(
                net.settings(),
                rooms.settings(),
                store.settings(),
                match.settings(),
                cluster.settings());
    }

    /** Logging is asynchronous: writes what is still queued before the JVM goes. */
    private static void stopLogging() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging) {
            logging.stop();
        }
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        logFormat.use();
        ServerConfig config;
        try {
            config = config();
        } catch (IllegalArgumentException e) {
            throw FlagErrors.refused(spec, e);
        }
        Path dataDir = config.store().dataDir();
        if (dataDir != null) {
            FlagErrors.requireWritable(spec, dataDir);
        }
        LoggerFactory.getLogger(Main.class)
                .info("tictactoe-server {} starting", BuildInfo.CURRENT.describe());
        GameServer server;
        try {
            // Another node's data directory, one in use or in an older format: one line, no start.
            NodeFile.claim(dataDir, config.cluster().node());
            if (dataDir != null) {
                Store.probe(dataDir);
            }
            server = config.start();
        } catch (NodeFile.Refused | PortUnavailable | DataDirException | UncheckedIOException e) {
            if (e instanceof UncheckedIOException && !(e.getCause() instanceof DataDirException)) {
                throw e;
            }
            // An operator's matter, not a bug: one line, no stack trace.
            System.err.println("tictactoe-server: " + e.getMessage());
            return EXIT_REFUSED;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    server.close(); // SIGTERM or SIGINT: drain
                                    stopLogging();
                                    stopped.countDown();
                                    // A drained stop is a clean one: exit 0, not 128 + signal.
                                    Runtime.getRuntime().halt(0);
                                },
                                "shutdown"));
        stopped.await();
        return 0;
    }
}
