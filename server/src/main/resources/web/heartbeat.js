// The page's side of the heartbeat: once the socket is open it sends {"type":"ping","seq":N}
// every PING_MS, and any frame from the server counts as a sign of life. When nothing at all has
// arrived for DEAD_MS the link is taken for dead, whatever the socket says: a silent network (no
// bytes, no reset) would otherwise leave a stale board on show for a minute or more.

/** How often the page pings an open socket. */
export const PING_MS = 5000;
/** Silence from the server for this long means the link is dead. */
export const DEAD_MS = 10_000;

export class Heartbeat {
  /**
   * @param options {send(message), onDead(), timers: {setInterval, clearInterval, setTimeout,
   *     clearTimeout}, now: () => ms}
   */
  constructor({ send, onDead, timers = globalThis, now = () => Date.now() }) {
    this.sendPing = send;
    this.onDead = onDead;
    this.timers = timers;
    this.now = now;
    this.seq = 0;
    this.last = 0;
    this.pinger = null;
    this.watchdog = null;
  }

  /** The socket opened: counts silence from now and starts pinging. */
  start() {
    this.stop();
    this.last = this.now();
    this.pinger = this.timers.setInterval(() => {
      this.seq += 1;
      this.sendPing({ type: 'ping', seq: this.seq });
    }, PING_MS);
    this.arm(DEAD_MS);
  }

  /** A frame arrived from the server. */
  heard() {
    this.last = this.now();
  }

  stop() {
    if (this.pinger !== null) this.timers.clearInterval(this.pinger);
    if (this.watchdog !== null) this.timers.clearTimeout(this.watchdog);
    this.pinger = null;
    this.watchdog = null;
  }

  // One timer for the deadline, moved on only when it fires: frames cost no timer work.
  arm(ms) {
    this.watchdog = this.timers.setTimeout(() => {
      this.watchdog = null;
      const silent = this.now() - this.last;
      if (silent < DEAD_MS) {
        this.arm(DEAD_MS - silent);
        return;
      }
      this.stop();
      this.onDead();
    }, ms);
  }
}
