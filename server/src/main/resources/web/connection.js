// One room socket that keeps itself open: it joins (with the seat token kept in localStorage,
// so a reload or a dropped network resumes the same seat), and after an unexpected close it
// reconnects with growing pauses, sending the last version it applied.

const PROTOCOL = 1;
/** Reconnect pauses grow from this, doubling, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 10_000;
const REPLACED = 4001;
const LEFT = 4002;

const seatKey = (code) => `ttt.seat.${code}`;

/** The seat this browser holds in a room: {seat, token}, or null. */
export function storedSeat(code) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(code)));
  } catch (e) {
    return null;
  }
}

export function storeSeat(code, seat, token) {
  localStorage.setItem(seatKey(code), JSON.stringify({ seat, token }));
}

export function forgetSeat(code) {
  localStorage.removeItem(seatKey(code));
}

export class RoomConnection {
  /**
   * @param code the room code
   * @param options {name, spectate, lastVersion: () => number|null, onMessage, onStatus}
   */
  constructor(code, options) {
    this.code = code;
    this.options = options;
    this.socket = null;
    this.attempt = 0;
    this.timer = null;
    this.stopped = false;
    this.onOnline = () => { if (this.timer) this.reconnectNow(); };
  }

  start() {
    window.addEventListener('online', this.onOnline);
    this.open();
  }

  /** Closes for good (leaving, or the seat went to another tab). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = null;
    window.removeEventListener('online', this.onOnline);
    if (this.socket) this.socket.close(1000);
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  status(state, detail) {
    this.options.onStatus(state, detail);
  }

  async open() {
    if (this.stopped) return;
    this.status(this.attempt === 0 ? 'connecting' : 'reconnecting');
    // The upgrade of a room that is gone fails without a reason a page can read: ask first.
    try {
      const answer = await fetch(`/api/rooms/${this.code}`, { cache: 'no-store' });
      if (answer.status === 404) {
        this.stop();
        this.status('gone');
        return;
      }
    } catch (e) {
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/rooms/${this.code}/ws`);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.status('online');
      this.join();
    };
    socket.onmessage = (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      if (message.type === 'welcome' && message.seat) storeSeat(this.code, message.seat, message.token);
      this.options.onMessage(message);
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped || e.code === LEFT) return;
      if (e.code === REPLACED) {
        this.stop();
        this.status('replaced');
        return;
      }
      this.scheduleReconnect();
    };
  }

  /** Sends join: with the stored token to take the seat back, else as a newcomer. */
  join() {
    const held = this.options.spectate ? null : storedSeat(this.code);
    const message = { type: 'join', protocol: PROTOCOL, name: this.options.name, spectate: !!this.options.spectate };
    if (held && held.token) {
      message.token = held.token;
      const v = this.options.lastVersion();
      if (v !== null) message.lastVersion = v;
    }
    this.send(message);
  }

  scheduleReconnect() {
    if (this.stopped) return;
    const pause = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** this.attempt);
    this.attempt += 1;
    const until = Date.now() + pause;
    this.status('reconnecting', until);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.timer = null; this.open(); }, pause);
  }

  reconnectNow() {
    clearTimeout(this.timer);
    this.timer = null;
    this.open();
  }
}
