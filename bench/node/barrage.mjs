#!/usr/bin/env node
// A random barrage written from PROTOCOL.md alone: in ROOMS rooms two players and a spectator send
// every client message at random (moves good and bad, undo, resign, claim, rematch, bots, sync,
// history, phrases, pings, malformed JSON), drop and resume with their token, and leave. Each
// applies every diff with fast-json-patch; a `sync` snapshot must equal what the diffs built. Prints
// the counts and every problem (a patch that fails, a mismatch, internal_error, an unexpected close).
//
//   BASE=http://127.0.0.1:8080 ROOMS=20 SECONDS=60 SEED=7 node barrage.mjs
//
// Loopback only; it stops by itself after SECONDS.
import WebSocket from 'ws';
import jsonpatch from 'fast-json-patch';
import { isDeepStrictEqual } from 'node:util';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8080';
const WSBASE = BASE.replace('http', 'ws');
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost)(:\d+)?$/.test(BASE)) throw new Error(`loopback only, not ${BASE}`);
const ROOMS = +(process.env.ROOMS ?? 10);
const SECONDS = +(process.env.SECONDS ?? 40);
let seed = +(process.env.SEED ?? 1);
function rnd() { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; }
const pick = (a) => a[Math.floor(rnd() * a.length)];

const stats = { actions: 0, diffs: 0, snapshots: 0, checks: 0, errors: {}, closes: {}, problems: [] };
const problem = (m) => { if (stats.problems.length < 40) stats.problems.push(m); };

class Member {
  constructor(room, role) { this.room = room; this.role = role; this.token = null; this.state = null; this.open = false; this.pendingSync = false; this.sent = []; }
  connect(lastVersion) {
    if (this.ws && this.ws.readyState < 2) { this.closingOnPurpose = true; this.ws.terminate(); }
    const ws = new WebSocket(`${WSBASE}/rooms/${this.room.code}/ws`);
    this.ws = ws; this.open = false; this.closingOnPurpose = false;
    ws.on('open', () => {
      if (ws !== this.ws) return;
      this.open = true;
      const j = { type: 'join', protocol: 1, name: `${this.role}-${this.room.code}` };
      if (this.role === 'S') j.spectate = true;
      if (this.token) { j.token = this.token; j.lastVersion = lastVersion ?? null; }
      this.send(j);
    });
    ws.on('message', (data, binary) => { if (ws === this.ws) this.onMessage(binary ? null : data.toString()); });
    ws.on('close', (code) => { if (ws === this.ws) { this.open = false; stats.closes[code] = (stats.closes[code] ?? 0) + 1; if (![1000, 1005, 4002, 4001].includes(code) && !this.closingOnPurpose) problem(`${this.room.code}/${this.role}: closed ${code}`); } });
    ws.on('error', () => {});
  }
  send(msg) { if (this.open && this.ws.readyState === 1) { this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)); this.sent.push(Date.now()); } }
  onMessage(text) {
    if (text === null) { problem('binary frame from server'); return; }
    let m; try { m = JSON.parse(text); } catch { problem(`unparsable: ${text.slice(0, 80)}`); return; }
    switch (m.type) {
      case 'welcome':
        if (m.seat !== null) this.token = m.token;
        this.state = m.snapshot; this.pendingSync = false; break;
      case 'snapshot':
        stats.snapshots++;
        if (this.checkAt !== undefined && this.state && m.snapshot.version === this.state.version) {
          stats.checks++;
          if (!isDeepStrictEqual(this.state, m.snapshot)) problem(`${this.room.code}/${this.role} v${m.snapshot.version}: diffs gave ${diffOf(this.state, m.snapshot)}`);
        }
        this.checkAt = undefined;
        this.state = m.snapshot; this.pendingSync = false; break;
      case 'diff': {
        if (!this.state) { problem('diff before welcome'); return; }
        if (m.version <= this.state.version) return;
        if (m.version > this.state.version + 1) { if (!this.pendingSync) { this.pendingSync = true; this.send({ type: 'sync', lastVersion: this.state.version }); } return; }
        try {
          const next = jsonpatch.applyPatch(structuredClone(this.state), m.ops, true, false).newDocument;
          if (next.version !== m.version) problem(`diff ${m.version} left version ${next.version}`);
          this.state = next; stats.diffs++;
        } catch (e) { problem(`${this.room.code}/${this.role}: patch v${m.version} failed: ${e.name} ${e.message.split('\n')[0]}`); this.send({ type: 'sync', lastVersion: this.state.version }); }
        break;
      }
      case 'error':
        stats.errors[m.code] = (stats.errors[m.code] ?? 0) + 1;
        if (typeof m.message !== 'string' || !('ref' in m)) problem(`error shape ${text}`);
        if (m.code === 'internal_error') problem(`internal_error: ${text}`);
        break;
      case 'ping': this.send({ type: 'pong', seq: m.seq }); break;
      case 'ack': case 'pong': case 'phrase': case 'history': break;
      default: problem(`unknown server type ${m.type}`);
    }
  }
  budgetOk() { const now = Date.now(); this.sent = this.sent.filter((t) => now - t < 1000); return this.sent.length < 12; }
}

function diffOf(a, b) {
  const ops = jsonpatch.compare(a, b);
  return JSON.stringify(ops).slice(0, 300);
}

const GARBAGE = ['not json', '[]', '{"type":"mvoe"}', '{"type":"move","id":"g","version":"1","cell":0}', '{"type":"move","id":"g","version":1,"cell":4.0}',
  '{"type":"move","id":"","version":1,"cell":0}', '{"type":"join","protocol":1,"name":"x"}', '{"type":"undo","extra":1}', '{"type":"sync","lastVersion":-5}',
  '{"type":"phrase","phrase":"free text"}', '{"type":"invite_bot","level":"godlike"}', '{"type":"move","id":"d","id":"e","version":1,"cell":0}', '{"type":"ping","seq":9007199254740992}', '{"type":"move"} x'];

async function makeRoom() {
  const size = pick([3, 3, 4, 5, 7]);
  const body = { size, winLength: Math.min(size, pick([3, 4, 5])), first: pick(['X', 'O', 'random']) };
  if (rnd() < 0.3) body.clock = pick(['1m+1s', '30s']);
  if (rnd() < 0.15) body.bot = pick(['easy', 'medium', 'hard', 'perfect']);
  const r = await fetch(`${BASE}/api/rooms`, { method: 'POST', body: JSON.stringify(body) });
  const j = await r.json();
  if (r.status !== 201) throw new Error(JSON.stringify(j));
  const room = { code: j.code, size };
  room.members = [new Member(room, 'X'), new Member(room, 'O'), new Member(room, 'S')];
  return room;
}

function act(room) {
  const mem = room.members[rnd() < 0.45 ? 0 : rnd() < 0.8 ? 1 : 2];
  if (!mem.open) { if (mem.ws && mem.ws.readyState === 3 && !mem.reconnecting && rnd() < 0.3) mem.connect(mem.state?.version); return; }
  if (!mem.budgetOk() || !mem.state) return;
  stats.actions++;
  const s = mem.state;
  const r = rnd();
  if (r < 0.45) {
    const empties = [];
    s.board.forEach((row, i) => [...row].forEach((c, j) => { if (c === '.') empties.push(i * room.size + j); }));
    const cell = rnd() < 0.9 && empties.length ? pick(empties) : pick([-1, room.size * room.size, 0]);
    const version = rnd() < 0.9 ? s.version : s.version - 1;
    mem.send({ type: 'move', id: `m${Math.floor(rnd() * 1e6)}`, version, cell });
  } else if (r < 0.5) mem.send({ type: 'undo' });
  else if (r < 0.56) mem.send({ type: 'undo_reply', accept: rnd() < 0.5 });
  else if (r < 0.58) mem.send({ type: 'resign' });
  else if (r < 0.6) mem.send({ type: 'claim' });
  else if (r < 0.7) mem.send({ type: 'rematch' });
  else if (r < 0.71) mem.send({ type: 'invite_bot', level: pick(['easy', 'medium', 'hard']) });
  else if (r < 0.75) { mem.checkAt = s.version; mem.send({ type: 'sync', lastVersion: null }); }
  else if (r < 0.77) mem.send({ type: 'sync', lastVersion: Math.max(1, s.version - Math.floor(rnd() * 5)) });
  else if (r < 0.78) mem.send({ type: 'history' });
  else if (r < 0.8) mem.send({ type: 'phrase', phrase: pick(['hello', 'oops', 'good_game']) });
  else if (r < 0.82) mem.send({ type: 'ping', seq: Math.floor(rnd() * 1000) });
  else if (r < 0.86) mem.send(pick(GARBAGE));
  else if (r < 0.88) { mem.closingOnPurpose = true; mem.reconnecting = true; mem.ws.terminate(); setTimeout(() => { mem.reconnecting = false; mem.connect(s.version); }, 50 + rnd() * 300); }
  else if (r < 0.885 && mem.role !== 'S') { mem.send({ type: 'leave' }); mem.token = null; mem.reconnecting = true; setTimeout(() => { mem.reconnecting = false; mem.connect(); }, 200); }
}

const rooms = [];
for (let i = 0; i < ROOMS; i++) rooms.push(await makeRoom());
for (const room of rooms) for (const m of room.members) m.connect();
const timer = setInterval(() => { for (const room of rooms) act(room); }, 15);
await new Promise((res) => setTimeout(res, SECONDS * 1000));
clearInterval(timer);
// final check: every connected member syncs and compares
for (const room of rooms) for (const m of room.members) if (m.open && m.state) { m.checkAt = m.state.version; m.send({ type: 'sync', lastVersion: null }); }
await new Promise((res) => setTimeout(res, 1500));
for (const room of rooms) for (const m of room.members) { m.closingOnPurpose = true; m.ws.close(1000); }
console.log(JSON.stringify(stats, null, 1));
process.exit(stats.problems.length ? 1 : 0);
