package dev.tictactoe.client;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * A blocking convenience client for tests, scripts and the terminal client: one connection, the
 * room state kept current (asking for a sync on a gap), a queue of received messages to wait on,
 * and reconnection with the seat token.
 */
public final class GameClient implements AutoCloseable {
  /** Default time to wait for an answer. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  private static final int SEEN_KEPT = 100;

  /** Marks the end of a connection in the inbox. */
  private record Closed(GameConnection.CloseInfo info) {}

  private final URI uri;
  private final EventLoopGroup group;
  private final BlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
  private final ArrayDeque<ServerMessage> seen = new ArrayDeque<>(); // guarded by this
  private final RoomView view = new RoomView(); // guarded by this
  private volatile GameConnection connection;
  private int generation; // guarded by this; listeners of older connections are ignored
  private boolean syncPending; // guarded by this
  private int moves; // guarded by this
  private volatile String name;
  private volatile String seat;
  private volatile String token;
  private volatile Duration timeout = DEFAULT_TIMEOUT;

  private GameClient(URI uri, EventLoopGroup group) {
    this.uri = uri;
    this.group = group;
  }

  /** Opens a connection to a room URL ({@code ws://host:port/rooms/CODE/ws}); does not join. */
  public static GameClient connect(URI roomUri, EventLoopGroup group) {
    GameClient client = new GameClient(roomUri, group);
    client.open();
    return client;
  }

  /** Opens a connection to room {@code code} on {@code host:port}; does not join. */
  public static GameClient connect(String host, int port, String code, EventLoopGroup group) {
    return connect(GameConnection.roomUri(host, port, code), group);
  }

  /** Sets the default wait for {@link #join}, {@link #reconnect} and the like. */
  public GameClient timeout(Duration timeout) {
    this.timeout = timeout;
    return this;
  }

  private void open() {
    int gen;
    synchronized (this) {
      gen = ++generation;
      syncPending = false;
      inbox.clear();
    }
    connection =
        await(GameConnection.open(uri, group, new Listener(gen), timeout), "connect to " + uri);
  }

  private <T> T await(CompletableFuture<T> future, String what) {
    try {
      return future.get(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof IOException io) {
        throw new UncheckedIOException("cannot " + what + ": " + io.getMessage(), io);
      }
      throw new IllegalStateException("cannot " + what, cause);
    } catch (TimeoutException e) {
      throw new IllegalStateException("timed out: " + what, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + what, e);
    }
  }

  /** Receives from one connection; drops everything once a newer connection replaced it. */
  private final class Listener implements GameConnection.Listener {
    private final int gen;

    Listener(int gen) {
      this.gen = gen;
    }

    @Override
    public void onMessage(ServerMessage message) {
      synchronized (GameClient.this) {
        if (gen != generation) {
          return;
        }
        if (seen.size() == SEEN_KEPT) {
          seen.removeFirst();
        }
        seen.addLast(message);
        if (message instanceof ServerMessage.Welcome w) {
          seat = w.seat();
          token = w.token() != null ? w.token() : token;
        }
        switch (view.apply(message)) {
          case APPLIED -> {
            syncPending = false;
            GameClient.this.notifyAll();
          }
          case NEED_SYNC -> {
            if (!syncPending) {
              syncPending = true;
              connection.send(new ClientMessage.Sync(view.hasState() ? view.version() : null));
            }
          }
          case UNCHANGED -> {}
        }
        inbox.add(message);
      }
    }

    @Override
    public void onClose(int code, String reason) {
      synchronized (GameClient.this) {
        if (gen != generation) {
          return;
        }
        GameClient.this.notifyAll();
        inbox.add(new Closed(new GameConnection.CloseInfo(code, reason)));
      }
    }
  }

  // ---- joining

  /**
   * Joins as a player and waits for the welcome; a refusal throws its {@link ProtocolException}.
   */
  public ServerMessage.Welcome join(String name) {
    return join(ClientMessage.Join.player(name));
  }

  /** Joins as a spectator and waits for the welcome. */
  public ServerMessage.Welcome spectate() {
    return spectate("spectator");
  }

  public ServerMessage.Welcome spectate(String name) {
    return join(ClientMessage.Join.spectator(name));
  }

  /** Sends this join and waits for the welcome, or throws the error the server answered with. */
  public ServerMessage.Welcome join(ClientMessage.Join join) {
    this.name = join.name();
    send(join);
    ServerMessage answer =
        await(m -> m instanceof ServerMessage.Welcome || m instanceof ServerMessage.Error, timeout);
    if (answer instanceof ServerMessage.Error e) {
      throw new ProtocolException(e.code(), e.message());
    }
    return (ServerMessage.Welcome) answer;
  }

  /**
   * Opens a new connection and reclaims the seat with the saved token, stating the last version
   * applied; waits for the welcome. The old connection, if still open, is dropped.
   */
  public ServerMessage.Welcome reconnect() {
    String savedToken = token;
    if (savedToken == null) {
      throw new IllegalStateException("no seat token to reconnect with");
    }
    GameConnection old = connection;
    if (old != null) {
      old.abort();
    }
    Long last;
    synchronized (this) {
      last = view.hasState() ? view.version() : null;
    }
    open();
    return join(new ClientMessage.Join(Protocol.VERSION, name, savedToken, false, last));
  }

  // ---- acting

  /** Sends any message. */
  public void send(ClientMessage message) {
    connection.send(message);
  }

  /**
   * Plays {@code cell} at the current version with the next move id (m1, m2, ...); returns the id.
   */
  public String move(int cell) {
    String id;
    long version;
    synchronized (this) {
      id = "m" + ++moves;
      version = view.version();
    }
    send(new ClientMessage.Move(id, Math.max(0, version), cell));
    return id;
  }

  /** Sends {@code leave} and waits for the server to close the connection. */
  public GameConnection.CloseInfo leave() {
    send(new ClientMessage.Leave());
    return await(connection.closeFuture(), "leave");
  }

  /** Drops the connection without a close frame, as a lost network would. */
  public GameConnection.CloseInfo drop() {
    return await(connection.abort(), "drop the connection");
  }

  /** Closes the connection cleanly. */
  @Override
  public void close() {
    GameConnection c = connection;
    if (c != null) {
      c.close();
    }
  }

  // ---- waiting

  /**
   * Takes received messages in order until one matches, and returns it; the ones before it are
   * consumed. Throws when the connection closes or the time runs out, listing what was seen.
   */
  public ServerMessage await(Predicate<? super ServerMessage> predicate, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    List<Object> skipped = new ArrayList<>();
    try {
      while (true) {
        Object next = inbox.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (next == null) {
          throw new IllegalStateException(
              "no matching message within " + within + "; skipped " + describe(skipped));
        }
        if (next instanceof Closed closed) {
          inbox.add(closed); // every later wait fails the same way
          throw new IllegalStateException(
              "connection closed ("
                  + closed.info()
                  + ") before a matching message; skipped "
                  + describe(skipped));
        }
        ServerMessage message = (ServerMessage) next;
        if (predicate.test(message)) {
          return message;
        }
        skipped.add(message);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** The next message of this type (earlier ones of other types are consumed). */
  public <T extends ServerMessage> T await(Class<T> type, Duration within) {
    return type.cast(await(type::isInstance, within));
  }

  /** The next message of this type that matches. */
  public <T extends ServerMessage> T await(
      Class<T> type, Predicate<? super T> predicate, Duration within) {
    return type.cast(await(m -> type.isInstance(m) && predicate.test(type.cast(m)), within));
  }

  /** The next error with this code. */
  public ServerMessage.Error awaitError(ErrorCode code, Duration within) {
    return await(ServerMessage.Error.class, e -> e.code() == code, within);
  }

  /**
   * Waits until the current room state matches, and returns that state; independent of the queue.
   */
  public synchronized Snapshot awaitSnapshot(
      Predicate<? super Snapshot> predicate, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      Snapshot s = view.snapshot();
      if (s != null && predicate.test(s)) {
        return s;
      }
      long left = deadline - System.nanoTime();
      GameConnection c = connection;
      if (c.closeFuture().isDone()) {
        throw new IllegalStateException(
            "connection closed ("
                + c.closeFuture().join()
                + ") before the state matched; state: "
                + describeState());
      }
      if (left <= 0) {
        throw new IllegalStateException(
            "state did not match within "
                + within
                + "; state: "
                + describeState()
                + "; recent messages: "
                + describe(new ArrayList<>(seen)));
      }
      try {
        TimeUnit.NANOSECONDS.timedWait(this, left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }

  /** Waits until the closing of the connection and returns how it closed. */
  public GameConnection.CloseInfo awaitClose(Duration within) {
    try {
      return connection.closeFuture().get(within.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("connection still open after " + within, e);
    } catch (ExecutionException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private String describeState() {
    return view.hasState() ? MessageCodec.toTree(view.snapshot()).toString() : "none";
  }

  private static String describe(List<?> messages) {
    if (messages.isEmpty()) {
      return "nothing";
    }
    StringBuilder sb = new StringBuilder();
    for (Object m : messages) {
      sb.append("\n  ").append(m instanceof ServerMessage s ? MessageCodec.encode(s) : m);
    }
    return sb.toString();
  }

  // ---- state

  /** The current room state, or null before the welcome. */
  public synchronized Snapshot snapshot() {
    return view.snapshot();
  }

  /** The version of the current room state, -1 before the welcome. */
  public synchronized long version() {
    return view.version();
  }

  /** The seat taken, or null for spectators and before the welcome. */
  public String seat() {
    return seat;
  }

  /** The secret seat token from the welcome, or null. */
  public String token() {
    return token;
  }

  /** The last messages received, oldest first. */
  public synchronized List<ServerMessage> seen() {
    return List.copyOf(seen);
  }

  /** The current connection. */
  public GameConnection connection() {
    return connection;
  }
}
