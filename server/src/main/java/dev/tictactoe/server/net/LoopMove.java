package dev.tictactoe.server.net;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Function;

/**
 * Moves a connection onto its room's event loop before its WebSocket handshake, so a move never
 * crosses loops. The idle sweep's watch, the one handler tied to a loop, moves sweeps with it.
 */
final class LoopMove {

    private static final Logger log = LoggerFactory.getLogger(LoopMove.class);

    /** The pipeline name of the idle sweep's watch. */
    static final String WATCH = "idle";

    private LoopMove() {}

    /** True when {@code channel} should move to {@code home}: another loop of the same group. */
    static boolean needed(Channel channel, EventLoop home) {
        EventLoop current = channel.eventLoop();
        return home != null
                && home != current
                && home.parent() != null
                && home.parent() == current.parent();
    }

    /**
     * Moves {@code channel} to {@code home} with reads paused, then runs {@code moved} on {@code
     * home}; if the move fails (the connection went meanwhile), runs {@code failed} and closes the
     * connection instead. Call on the channel's loop, and only when {@link #needed}.
     */
    static void to(
            Channel channel,
            EventLoop home,
            Function<EventLoop, ChannelHandler> watchFor,
            Runnable moved,
            Runnable failed) {
        channel.config().setAutoRead(false);
        boolean watched = channel.pipeline().get(WATCH) != null;
        if (watched) {
            channel.pipeline().remove(WATCH);
        }
        channel.deregister()
                .addListener(
                        deregistered -> {
                            if (!deregistered.isSuccess()) {
                                give(channel, deregistered.cause(), failed);
                                return;
                            }
                            home.register(channel)
                                    .addListener(
                                            registered -> {
                                                if (!registered.isSuccess()) {
                                                    give(channel, registered.cause(), failed);
                                                    return;
                                                }
                                                if (!channel.isOpen()) {
                                                    // This can run as a later task, after a reset
                                                    // closed the connection and emptied its
                                                    // pipeline.
                                                    give(channel, "closed while moving", failed);
                                                    return;
                                                }
                                                if (watched) {
                                                    channel.pipeline()
                                                            .addFirst(WATCH, watchFor.apply(home));
                                                }
                                                moved.run();
                                                channel.config().setAutoRead(true);
                                            });
                        });
    }

    private static void give(Channel channel, Object cause, Runnable failed) {
        log.debug("a connection could not move to its room's loop: {}", cause);
        failed.run();
        channel.close();
    }
}
