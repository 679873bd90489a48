package dev.tictactoe.server.lobby;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.SocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/** The node's two connections to Redis, commands and its channel; down, commands fail at once. */
final class RedisLink implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisLink.class);

    /** How long the first connection waits between tries when Redis is not there at the start. */
    static final Duration RETRY = Duration.ofSeconds(1);

    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

    private final RedisURI uri;
    private final ClientResources resources;
    private final RedisClient client;
    private final Matchmaker.Scheduler retries;
    private final String channel;
    private final Consumer<String> messages;
    private final Runnable reconnected;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile @Nullable StatefulRedisConnection<String, String> commands;
    private volatile @Nullable StatefulRedisPubSubConnection<String, String> subscriber;
    private volatile @Nullable Boolean reported;

    /** {@code reconnected} runs after the subscriber comes back, when messages may be lost. */
    RedisLink(
            URI redis,
            Matchmaker.Scheduler retries,
            String channel,
            Consumer<String> messages,
            Runnable reconnected) {
        this.uri = RedisURI.create(redis);
        this.uri.setTimeout(COMMAND_TIMEOUT);
        this.retries = retries;
        this.channel = channel;
        this.messages = messages;
        this.reconnected = reconnected;
        // Two small loops of its own: Redis traffic is a few calls per pairing, never per move.
        resources =
                DefaultClientResources.builder()
                        .ioThreadPoolSize(2)
                        .computationThreadPoolSize(2)
                        .build();
        client = RedisClient.create(resources);
        client.setOptions(
                ClientOptions.builder()
                        .autoReconnect(true)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                        .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                        .build());
        client.addListener(
                new RedisConnectionStateListener() {
                    @Override
                    public void onRedisConnected(
                            RedisChannelHandler<?, ?> connection, SocketAddress address) {
                        if (connection == subscriber) {
                            RedisLink.this.reconnected.run();
                        }
                        report();
                    }

                    @Override
                    public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
                        report();
                    }
                });
        connect();
    }

    /** Whether both connections are up: quick match goes through Redis only then. */
    boolean up() {
        StatefulRedisConnection<String, String> c = commands;
        StatefulRedisPubSubConnection<String, String> s = subscriber;
        return c != null && s != null && c.isOpen() && s.isOpen();
    }

    /** The command connection; only while {@link #up()}. */
    StatefulRedisConnection<String, String> commands() {
        return Objects.requireNonNull(commands, "Redis is not connected");
    }

    private void connect() {
        if (closed.get()) {
            return;
        }
        if (commands == null) {
            client.connectAsync(StringCodec.UTF8, uri).whenComplete(this::connected);
        } else if (subscriber == null) {
            client.connectPubSubAsync(StringCodec.UTF8, uri).whenComplete(this::subscribe);
        }
    }

    private void connected(StatefulRedisConnection<String, String> connection, Throwable failure) {
        if (failure == null) {
            commands = connection;
            connect();
        } else {
            report();
            retryLater();
        }
    }

    private void subscribe(
            StatefulRedisPubSubConnection<String, String> connection, Throwable failure) {
        if (failure != null) {
            retryLater();
            return;
        }
        connection.addListener(
                new RedisPubSubAdapter<>() {
                    @Override
                    public void message(String from, String message) {
                        messages.accept(message);
                    }
                });
        connection
                .async()
                .subscribe(channel)
                .whenComplete(
                        (ok, error) -> {
                            if (error != null) {
                                connection.closeAsync();
                                retryLater();
                            } else {
                                subscriber = connection;
                                report();
                            }
                        });
    }

    private void retryLater() {
        if (!closed.get()) {
            retries.schedule(this::connect, RETRY.toNanos());
        }
    }

    /** One log line per change between across nodes and this node only. */
    private synchronized void report() {
        if (closed.get()) {
            return;
        }
        boolean up = up();
        if (reported != null && reported == up) {
            return;
        }
        reported = up;
        if (up) {
            log.info("quick match pairs across nodes through Redis at {}", uri.toURI());
        } else {
            log.warn(
                    "quick match pairs on this node only: Redis at {} is unreachable", uri.toURI());
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // The client closes the connections it opened.
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        resources.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
