// One room socket that keeps itself open: it joins (with the seat token kept in localStorage,
// so a reload or a dropped network resumes the same seat), pings to notice a silent link, and
// after an unexpected close reconnects with growing pauses, sending the last version it applied.
// Tabs of one browser tell each other which seat they hold, so two tabs on one seat settle on
// the newer one even when the close code does not reach the older.
import { Heartbeat } from './heartbeat.js';

const PROTOCOL = 1;
/** Reconnect pauses grow from this, doubling, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 10_000;
const TABS_CHANNEL = 'ttt.seats';

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

/**
 * The pause before reconnect attempt {@code attempt} (from 0): doubling from FIRST_BACKOFF_MS up
 * to MAX_BACKOFF_MS, of which a random half is kept so that the clients of a restarted server do
 * not all come back in the same instant.
 */
export function backoffMs(attempt, random = Math.random) {
  const full = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * What a close code means for the page: {kind, why}. `replaced` (the seat went to another tab or
 * window: stay closed), `left` (our own leave), `closed` (the server refused us on purpose: say so
 * and do not come back on our own, it would only be refused again), or `reconnect`.
 */
export function closeAction(code, reason = '') {
  switch (code) {
    case 4001: return { kind: 'replaced', why: 'This seat is now played in another tab' };
    case 4002: return { kind: 'left', why: 'You left the room' };
    case 1001: return { kind: 'reconnect', why: reason.startsWith('server restarting') ? 'The server is restarting' : 'The server closed the connection' };
    case 1008: return { kind: 'closed', why: 'The server closed the connection: too many messages in a short time' };
    case 1009: return { kind: 'closed', why: 'The server closed the connection: a message was too large' };
    case 1002:
    case 1003:
    case 1007: return { kind: 'closed', why: 'The server closed the connection: it could not read this page\'s messages' };
    case 4004: return { kind: 'closed', why: reason ? `The room was closed: ${reason}` : 'The room was closed' };
    case 4005: return { kind: 'reconnect', why: 'The server\'s operator cut the connection' };
    case 4008: return { kind: 'reconnect', why: 'The connection fell behind' };
    default: return { kind: 'reconnect', why: 'Connection lost' };
  }
}

export class RoomConnection {
  /**
   * @param code the room code
   * @param options {name, spectate, lastVersion: () => number|null, onMessage, onStatus(kind,
   *     {until, why})}; for tests also {timers, now, random}
   */
  constructor(code, options) {
    this.code = code;
    this.options = options;
    this.timers = options.timers || globalThis;
    this.socket = null;
    this.attempt = 0;
    this.timer = null;
    this.stopped = false;
    this.tab = Math.random().toString(36).slice(2);
    this.tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel(TABS_CHANNEL) : null;
    this.heartbeat = new Heartbeat({
      send: (m) => this.send(m),
      onDead: () => this.dead(),
      timers: this.timers,
      now: options.now,
    });
    this.onOnline = () => { if (this.timer) this.reconnectNow(); };
    if (this.tabs) this.tabs.onmessage = (e) => this.otherTab(e.data);
  }

  start() {
    window.addEventListener('online', this.onOnline);
    this.open();
  }

  /** Closes for good (leaving, or the seat went to another tab). */
  stop() {
    this.stopped = true;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.heartbeat.stop();
    window.removeEventListener('online', this.onOnline);
    if (this.tabs) this.tabs.close();
    this.tabs = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close(1000);
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  status(state, detail = {}) {
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
      this.scheduleReconnect('The server cannot be reached');
      return;
    }
    if (this.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/rooms/${this.code}/ws`);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.join();
      this.heartbeat.start();
    };
    socket.onmessage = (e) => {
      if (this.socket !== socket) return;
      this.heartbeat.heard();
      let message;
      try {
        message = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      // The heartbeat's own traffic; a server without it answers `ping` as an unknown type.
      if (message.type === 'ping') {
        this.heartbeat.answer(message.seq);
        return;
      }
      if (message.type === 'pong' || (message.type === 'error' && message.ref === 'ping')) return;
      if (message.type === 'welcome') this.welcomed(message);
      this.options.onMessage(message);
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.heartbeat.stop();
      if (this.stopped) return;
      const action = closeAction(e.code, e.reason || '');
      if (action.kind === 'reconnect') {
        this.scheduleReconnect(action.why);
        return;
      }
      this.stop();
      this.status(action.kind, { why: action.why });
    };
  }

  welcomed(message) {
    this.attempt = 0;
    this.status('online');
    if (!message.seat) return;
    storeSeat(this.code, message.seat, message.token);
    if (this.tabs) this.tabs.postMessage({ code: this.code, seat: message.seat, tab: this.tab });
  }

  /** Another tab of this browser took a seat: if it is ours, it is played there now. */
  otherTab(data) {
    if (this.stopped || !data || data.code !== this.code || data.tab === this.tab || this.options.spectate) return;
    this.stop();
    this.status('replaced', { why: closeAction(4001).why });
  }

  /** Nothing came for too long: drop the socket without waiting for a close that may never come. */
  dead() {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onclose = null;
    socket.close();
    this.scheduleReconnect('No answer from the server');
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

  scheduleReconnect(why) {
    if (this.stopped) return;
    const pause = backoffMs(this.attempt, this.options.random);
    this.attempt += 1;
    const now = this.options.now ? this.options.now() : Date.now();
    this.status('reconnecting', { until: now + pause, why });
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => { this.timer = null; this.open(); }, pause);
  }

  reconnectNow() {
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.open();
  }
}
