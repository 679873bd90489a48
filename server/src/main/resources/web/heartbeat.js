// The page's side of the heartbeat (PROTOCOL.md): one ping asks for the server's pings, which
// are answered; any frame is a sign of life. A silent network (no bytes, no reset) would
// otherwise leave a stale board on show for a minute or more.

/** Silence this long: the page pings once itself (any server answers). */
export const QUIET_MS = 10_000;
/** Silence this long: the link is dead. */
export const DEAD_MS = 12_000;

export class Heartbeat {
  /** @param options {send(message), onDead(), timers: {setTimeout, clearTimeout}, now} */
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
