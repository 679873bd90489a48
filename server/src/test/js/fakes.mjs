// Stand-ins for what the page's modules take from the browser: a clock and timers moved by hand,
// a WebSocket that records what was sent, and just enough of window, location and localStorage.

/** setTimeout and setInterval on a clock that only moves when advance() is called. */
export class FakeTimers {
  constructor() {
    this.time = 1_000_000;
    this.next = 1;
    this.pending = new Map();
    this.now = () => this.time;
    this.setTimeout = (fn, ms) => this.add(fn, ms, null);
    this.setInterval = (fn, ms) => this.add(fn, ms, ms);
    this.clearTimeout = (id) => this.pending.delete(id);
    this.clearInterval = (id) => this.pending.delete(id);
  }

  add(fn, ms, every) {
    const id = this.next++;
    this.pending.set(id, { fn, at: this.time + Math.max(0, ms || 0), every });
    return id;
  }

  /** Moves the clock on by {@code ms}, running every timer that falls due, in order. */
  advance(ms) {
    const end = this.time + ms;
    for (;;) {
      let due = null;
      for (const [id, t] of this.pending) {
        if (t.at <= end && (due === null || t.at < due[1].at)) due = [id, t];
      }
      if (due === null) break;
      const [id, t] = due;
      this.time = t.at;
      if (t.every === null) this.pending.delete(id);
      else t.at += t.every;
      t.fn();
    }
    this.time = end;
  }
}

/** A WebSocket whose far end the test plays. Every one made is kept in FakeSocket.made. */
export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 3;
  static made = [];

  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    this.closedWith = null;
    FakeSocket.made.push(this);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close(code) {
    this.closedWith = code === undefined ? 'none' : code;
    this.readyState = FakeSocket.CLOSED;
  }

  // The server's side.
  serverOpens() {
    this.readyState = FakeSocket.OPEN;
    this.onopen();
  }

  serverSends(message) {
    this.onmessage({ data: JSON.stringify(message) });
  }

  serverCloses(code, reason = '') {
    this.readyState = FakeSocket.CLOSED;
    if (this.onclose) this.onclose({ code, reason });
  }

  types() {
    return this.sent.map((m) => m.type);
  }
}

/** Installs the browser globals the connection needs; `rooms` answers GET /api/rooms/{code}. */
export function installBrowser({ roomStatus = 200 } = {}) {
  const store = new Map();
  globalThis.localStorage = {
    getItem: (k) => (store.has(k) ? store.get(k) : null),
    setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k),
  };
  globalThis.window = { addEventListener() {}, removeEventListener() {} };
  globalThis.location = { protocol: 'http:', host: 'localhost:8080' };
  globalThis.WebSocket = FakeSocket;
  globalThis.fetch = async () => ({ status: roomStatus, ok: roomStatus === 200 });
  FakeSocket.made = [];
}

/** Lets pending promise callbacks (a fetch answered at once) run. */
export function settle() {
  return new Promise((resolve) => setImmediate(resolve));
}
