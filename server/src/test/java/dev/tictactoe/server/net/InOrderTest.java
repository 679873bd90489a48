package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A connection's pipelined requests on an embedded channel: answered one at a time, in order, with
 * at most the limit waiting behind a pending answer. Answers are completed by hand.
 */
class InOrderTest {

    private static final int LIMIT = 3;

    private final List<String> answered = new ArrayList<>();
    private final List<FullHttpRequest> seen = new ArrayList<>();
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    private final InOrder inOrder = new InOrder(LIMIT, this::answer);
    private final EmbeddedChannel channel =
            new EmbeddedChannel(
                    new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            inOrder.received(ctx, (FullHttpRequest) msg);
                        }
                    });

    /** "/later" is answered when the test completes its stage; anything else at once. */
    private CompletionStage<?> answer(ChannelHandlerContext ctx, FullHttpRequest request) {
        answered.add(request.uri());
        seen.add(request);
        if (!request.uri().equals("/later")) {
            return InOrder.WRITTEN;
        }
        CompletableFuture<Void> later = new CompletableFuture<>();
        pending.add(later);
        return later;
    }

    private void send(String uri) {
        channel.writeInbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri));
    }

    @Test
    void requestsBehindAPendingAnswerWaitAndGoInOrderOnceItIsWritten() {
        send("/now-1");
        send("/later");
        send("/now-2");
        send("/later");
        send("/now-3");
        assertThat(answered).containsExactly("/now-1", "/later");
        assertThat(inOrder.answering()).isTrue();

        pending.get(0).complete(null);
        assertThat(answered).containsExactly("/now-1", "/later", "/now-2", "/later");
        pending.get(1).complete(null);
        assertThat(answered).containsExactly("/now-1", "/later", "/now-2", "/later", "/now-3");
        assertThat(inOrder.answering()).isFalse();
        assertThat(channel.isOpen()).isTrue();
        assertThat(seen).allMatch(request -> request.refCnt() == 0);
    }

    @Test
    void oneMoreThanTheLimitBehindAPendingAnswerClosesTheConnection() {
        send("/later");
        for (int i = 0; i < LIMIT; i++) {
            send("/waits");
        }
        assertThat(channel.isOpen()).isTrue();
        FullHttpRequest over =
                new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/over");
        channel.writeInbound(over);
        assertThat(channel.isOpen()).isFalse();
        assertThat(over.refCnt()).isZero();

        // The connection is gone: what waited is dropped, not answered.
        pending.get(0).complete(null);
        inOrder.clear();
        assertThat(answered).containsExactly("/later");
    }
}
