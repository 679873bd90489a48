// The page's side of the heartbeat. Once the socket is open it sends one {"type":"ping"}, which
// asks the server to ping it whenever it has been quiet for a while; it answers each of the
// server's pings with a pong, and any frame from the server counts as a sign of life. Having heard
// nothing for QUIET_MS it pings once itself (any server answers that), and when nothing at all has
// arrived for DEAD_MS the link is taken for dead, whatever the socket says: a silent network (no
// bytes, no reset) would otherwise leave a stale board on show for a minute or more.

/** Silence from the server for this long: the page pings once itself. */
export const QUIET_MS = 10_000;
/** Silence from the server for this long means the link is dead. */
export const DEAD_MS = 12_000;

export class Heartbeat {
  /**
   * @param options {send(message), onDead(), timers: {setTimeout, clearTimeout}, now: () => ms}
   */
  constructor({ send, onDead, timers = globalThis, now = () => Date.now() }) {
    this.send = send;
    this.onDead = onDead;
    this.timers = timers;
    this.now = now;
    this.seq = 0;
    this.last = 0;
    this.quietPinged = false;
    this.watchdog = null;
  }

  /** The socket opened: counts silence from now and asks the server for its pings. */
  start() {
    this.stop();
    this.heard();
    this.ping();
    this.arm(QUIET_MS);
  }

  /** A frame arrived from the server. */
  heard() {
    this.last = this.now();
    this.quietPinged = false;
  }

  /** The server pinged: the answer goes at once. */
  answer(seq) {
    this.send({ type: 'pong', seq });
  }

  stop() {
    if (this.watchdog !== null) this.timers.clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  ping() {
    this.seq += 1;
    this.send({ type: 'ping', seq: this.seq });
  }

  // One timer, moved on only when it fires: frames cost no timer work.
  arm(ms) {
    this.watchdog = this.timers.setTimeout(() => this.check(), ms);
  }

  check() {
    this.watchdog = null;
    const silent = this.now() - this.last;
    if (silent >= DEAD_MS) {
      this.onDead();
      return;
    }
    if (silent < QUIET_MS) {
      this.arm(QUIET_MS - silent);
      return;
    }
    if (!this.quietPinged) {
      this.quietPinged = true;
      this.ping();
    }
    this.arm(DEAD_MS - silent);
  }
}
