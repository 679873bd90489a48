// The quick-match search (POST /api/match), and this browser's player id for it.

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
