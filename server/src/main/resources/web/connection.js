// One room socket that keeps itself open: it joins (with the seat token kept in localStorage,
// so a reload or a dropped network resumes the same seat), and after an unexpected close it
// reconnects with growing pauses, sending the last version it applied. Also the quick-match
// search, which ends with a seat token to keep the same way.

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

// ---- quick match ----

const PLAYER_KEY = 'ttt.player';
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** How often a waiting request is looked up to show where it stands. */
export const MATCH_STATUS_MS = 1000;
/** How long a cancelled request's answer is awaited before its connection is closed. */
export const MATCH_CANCEL_WAIT_MS = 5000;

/** 128 random bits in base64url (22 characters): a ticket, or a player id. */
export function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** This browser's player id for quick match, made on first use: one waiting request per player. */
export function playerId() {
  let id = localStorage.getItem(PLAYER_KEY);
  if (!id || !ID.test(id)) {
    id = randomId();
    localStorage.setItem(PLAYER_KEY, id);
  }
  return id;
}

/**
 * One quick-match search (POST /api/match): asks under a fresh ticket, asks again when the
 * server's wait runs out, and tells `onWaiting(status or null, waitedMs)` once a second where it
 * stands. `run()` resolves with the server's `matched` answer, or `{status: 'cancelled'}` after
 * `cancel()`; a refusal rejects with the server's words.
 */
export class MatchSearch {
  constructor(request, { onWaiting }) {
    this.request = request;
    this.onWaiting = onWaiting;
    this.abort = new AbortController();
    this.ticket = null;
    this.cancelled = false;
    this.finished = false;
    this.cancelTimer = null;
  }

  async run() {
    const started = Date.now();
    try {
      while (!this.cancelled) {
        this.ticket = randomId();
        const ticket = this.ticket;
        const poll = setInterval(() => this.poll(ticket, started), MATCH_STATUS_MS);
        let answer;
        let body;
        try {
          answer = await fetch('/api/match', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...this.request, ticket }),
            signal: this.abort.signal,
          });
          body = await answer.json().catch(() => ({}));
        } finally {
          clearInterval(poll);
        }
        if (!answer.ok) {
          if (answer.status === 404 && body.code !== 'match_unknown_ticket') throw new Error('This server does not offer quick match.');
          throw new Error(body.message || `The server refused the quick match (HTTP ${answer.status}).`);
        }
        if (body.status !== 'timeout') return body;
      }
      return { status: 'cancelled' };
    } catch (e) {
      if (e.name === 'AbortError') return { status: 'cancelled' };
      throw e.name === 'TypeError' ? new Error('The server cannot be reached.') : e;
    } finally {
      this.finished = true;
      clearTimeout(this.cancelTimer);
    }
  }

  async poll(ticket, started) {
    let status = null;
    try {
      const answer = await fetch(`/api/match/${encodeURIComponent(ticket)}`, { cache: 'no-store' });
      if (answer.ok) status = await answer.json();
    } catch (e) {
      // Only for show: the request's own answer says what went wrong.
    }
    if (!this.cancelled && ticket === this.ticket) this.onWaiting(status, Date.now() - started);
  }

  /** Withdraws the request; run() then resolves `cancelled` (or `matched`, had a pairing just come). */
  async cancel() {
    if (this.cancelled || this.finished) return;
    this.cancelled = true;
    this.cancelTimer = setTimeout(() => this.abort.abort(), MATCH_CANCEL_WAIT_MS);
    try {
      if (this.ticket) await fetch(`/api/match/${encodeURIComponent(this.ticket)}`, { method: 'DELETE' });
    } catch (e) {
      this.abort.abort();
    }
  }
}
