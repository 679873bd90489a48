#!/usr/bin/env node
// A long mixed load against one running server, sampled every 10 s, ending with a verdict on
// whether anything grows. Usually started by bench/soak.sh, which starts the server too.
//
//   node soak.mjs --url http://127.0.0.1:8080 --server-pid 1234 --jcmd /path/to/jcmd --minutes 60
//
// The load, all at once: human games on 3x3 (rematches, spectators coming and going, players
// dropping and coming back with their token, tables abandoned after a while and new ones
// created), games against bots on 3x3 and 15x15, quick match (pairs, and bot fills), timed rooms
// whose second player never moves (its clock flags), and clients that ask for snapshots and never
// read (the server must close them with 4008). Each sample reads the server's Prometheus /metrics
// and /proc: heap after a full collection (jcmd GC.class_histogram), RSS, threads, open files,
// the kernel's TCP memory, and Netty's scheduled tasks (pending timers) from the same histogram.
// Loopback targets only; the run stops by itself after --minutes.

import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';
import jsonpatch from 'fast-json-patch';

const options = parse(process.argv.slice(2));
const base = new URL(options.url);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname) && !base.hostname.startsWith('127.')) {
  fail(`refusing to load ${base.hostname}: only loopback targets`);
}
const wsBase = base.href.replace(/^http/, 'ws');
let seed = options.seed >>> 0;
const random = () => {
  // mulberry32: a seeded generator, so two runs make the same choices.
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

const counts = {
  tablesOpened: 0, tablesAbandoned: 0, drops: 0, resumes: 0, spectators: 0, matched: 0, botFills: 0,
  flagged: 0, games: 0, errors: 0, deafOpened: 0, deafClosed4008: 0, deafHeldItAll: 0, deafOther: 0, unexpectedCloses: 0,
};
let stopping = false;
const live = new Set();

// ---- the players ------------------------------------------------------------------------------

/** One connection in a room that keeps a snapshot current and plays when asked to. */
class Player {
  constructor(code, name, { token = null, spectate = false, think = 400, plays = true } = {}) {
    Object.assign(this, { code, name, token, spectate, think, plays, snapshot: null, seat: null, moves: 0 });
  }

  async connect() {
    const ws = new WebSocket(`${wsBase}rooms/${this.code}/ws`, { perMessageDeflate: false });
    this.ws = ws;
    live.add(this);
    ws.on('message', (data) => this.onMessage(JSON.parse(data)));
    ws.on('close', (code) => {
      live.delete(this);
      clearTimeout(this.timer);
      this.timer = null;
      if (!this.closing && !stopping && code !== 4002) counts.unexpectedCloses++;
      if (this.onClose) this.onClose(code);
    });
    ws.on('error', () => {});
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const joined = new Promise((resolve) => (this.onWelcome = resolve));
    ws.send(JSON.stringify({
      type: 'join', protocol: 1, name: this.name, token: this.token, spectate: this.spectate,
      lastVersion: this.snapshot ? this.snapshot.version : null,
    }));
    await joined;
    return this;
  }

  onMessage(m) {
    switch (m.type) {
      case 'welcome':
        this.seat = m.seat;
        if (m.token) this.token = m.token;
        this.snapshot = m.snapshot;
        this.onWelcome();
        break;
      case 'snapshot':
        this.snapshot = m.snapshot;
        break;
      case 'diff':
        if (!this.snapshot || m.version !== this.snapshot.version + 1) {
          this.send({ type: 'sync', lastVersion: this.snapshot ? this.snapshot.version : null });
          return;
        }
        this.snapshot = jsonpatch.applyPatch(this.snapshot, m.ops, false, false).newDocument;
        if (m.event && m.event.kind === 'game_over' && m.event.reason === 'timeout') counts.flagged++;
        if (this.seat === 'X' && this.snapshot.status === 'over' && m.event && m.event.kind === 'moved') counts.games++;
        break;
      case 'error':
        // Races the load makes on purpose (a move crossing a drop, say) are expected now and then.
        counts.errors++;
        return;
      default:
        return;
    }
    this.act();
  }

  act() {
    const s = this.snapshot;
    if (!this.plays || !s || this.timer || this.closing || !this.seat) return;
    if (s.status === 'playing' && s.turn === this.seat && this.movedAt !== s.version) {
      this.timer = setTimeout(() => {
        this.timer = null;
        const now = this.snapshot;
        if (this.closing || now.version !== s.version) return this.act();
        this.movedAt = now.version;
        this.send({ type: 'move', id: 'm' + ++this.moves, version: now.version, cell: freeCell(now) });
      }, this.think);
    } else if (s.status === 'over' && !s.rematch.includes(this.seat) && this.rematchFor !== s.game) {
      this.rematchFor = s.game;
      this.send({ type: 'rematch' });
    }
  }

  send(message) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Drops the connection without leaving: the seat is held for the grace. */
  drop() {
    this.closing = true;
    clearTimeout(this.timer);
    this.timer = null;
    this.ws.terminate();
  }

  leave() {
    this.closing = true;
    this.send({ type: 'leave' });
  }
}

function freeCell(s) {
  const free = [];
  s.board.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) if (row[c] === '.') free.push(r * row.length + c);
  });
  return free[Math.floor(random() * free.length)];
}

async function createRoom(settings) {
  const r = await fetch(new URL('/api/rooms', base), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(settings),
  });
  if (r.status !== 201) throw new Error(`POST /api/rooms answered ${r.status}`);
  return (await r.json()).code;
}

// ---- the scenarios ----------------------------------------------------------------------------

/** Two people on 3x3 playing game after game, with drops, spectators, and an end. */
async function humanTable() {
  const code = await createRoom({ size: 3 });
  counts.tablesOpened++;
  let players = [await new Player(code, 'ana').connect(), await new Player(code, 'bob').connect()];
  players.forEach((p) => p.act());
  const watchers = [];
  const end = Date.now() + between(30, 240) * 1000;
  while (!stopping && Date.now() < end) {
    await delay(between(2, 8) * 1000);
    const roll = random();
    if (roll < 0.15) {
      // A player drops and comes back with its token a moment later.
      const i = between(0, 1);
      const gone = players[i];
      gone.drop();
      counts.drops++;
      await delay(between(1, 5) * 1000);
      const back = new Player(code, gone.name, { token: gone.token });
      back.snapshot = gone.snapshot;
      players[i] = await back.connect();
      players[i].act();
      counts.resumes++;
    } else if (roll < 0.3 && watchers.length < 3) {
      watchers.push(await new Player(code, 'eve', { spectate: true, plays: false }).connect());
      counts.spectators++;
    } else if (roll < 0.4 && watchers.length > 0) {
      watchers.pop().leave();
    }
  }
  // Abandoned half the time (connections just close; the seats' grace runs out, the room empties
  // and goes), left properly otherwise.
  const abandon = random() < 0.5;
  for (const p of [...players, ...watchers]) (abandon ? p.drop() : p.leave());
  counts.tablesAbandoned += abandon ? 1 : 0;
}

/** A person against a bot, on 3x3 (perfect) or 15x15 (medium), for a while. */
async function botTable(size) {
  const settings = size === 3 ? { size: 3, bot: 'perfect' } : { size: 15, winLength: 5, bot: 'medium' };
  const code = await createRoom({ ...settings, botSeed: between(0, 1_000_000) });
  counts.tablesOpened++;
  const p = await new Player(code, 'hal-fan', { think: size === 3 ? 500 : 1500 }).connect();
  p.act();
  await delay(between(60, 300) * 1000);
  p.leave();
}

/** Two quick-match requests for the same 3x3 settings: they meet, play a game, leave. */
async function quickPair() {
  const answers = await Promise.all(['qa', 'qb'].map((who) => matchRequest(who, { size: 3 })));
  if (!answers.every((a) => a.status === 'matched')) return;
  counts.matched++;
  const players = await Promise.all(answers.map((a, i) =>
    new Player(a.code, i ? 'qb' : 'qa', { token: a.token }).connect()));
  players.forEach((p) => p.act());
  await delay(between(10, 40) * 1000);
  players.forEach((p) => p.leave());
}

/** A quick-match request nobody answers, filled with a bot after a second. */
async function quickBot() {
  const a = await matchRequest('qbot', { size: 4, winLength: 3, bot: 'easy', botAfter: '1s' });
  if (a.status !== 'matched') return;
  counts.botFills++;
  const p = await new Player(a.code, 'qbot', { token: a.token }).connect();
  p.act();
  await delay(between(10, 30) * 1000);
  p.leave();
}

let ticketCount = 0;
async function matchRequest(who, settings) {
  const ticket = `soak-${process.pid}-${++ticketCount}-${between(0, 1e9)}`.padEnd(16, 'x');
  const r = await fetch(new URL('/api/match', base), {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket, player: `${who}-${ticketCount}`, name: who, ...settings }),
  });
  return r.status === 200 ? r.json() : { status: `http ${r.status}` };
}

/** A timed room whose second player never moves: its clock flags after 10 s. */
async function flagTable() {
  const code = await createRoom({ size: 3, clock: '10s' });
  counts.tablesOpened++;
  const x = await new Player(code, 'quick', { think: 100 }).connect();
  const o = await new Player(code, 'asleep', { plays: false }).connect();
  x.act();
  await delay(between(14, 20) * 1000);
  x.leave();
  o.leave();
}

/**
 * Joins as a spectator and asks for snapshots and histories just under the message rate (so it is
 * not closed for abuse), reading nothing for 45 s: what the server could not send waits, bounded,
 * and once it waits too long the server closes it with 4008. Then it reads, to learn how it ended.
 */
async function deafClient(code) {
  const ws = new WebSocket(`${wsBase}rooms/${code}/ws`, { perMessageDeflate: false });
  ws.on('error', () => {});
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  counts.deafOpened++;
  ws.pause();
  let closeCode = null;
  ws.once('close', (code) => (closeCode = code));
  ws.send(JSON.stringify({ type: 'join', protocol: 1, name: 'deaf', spectate: true }));
  for (let i = 0; i < 650 && ws.readyState === WebSocket.OPEN && closeCode === null; i++) {
    ws.send(JSON.stringify({ type: i % 8 === 7 ? 'history' : 'sync' }));
    await delay(60);
  }
  await delay(6_000);
  ws.resume();
  for (let i = 0; i < 100 && closeCode === null; i++) await delay(100);
  // Linux grows a receiver's buffer even while its reader sleeps, so on loopback such a client may
  // hold every answer in its own kernel and the server nothing: then it is never closed.
  if (closeCode === 4008) counts.deafClosed4008++;
  else if (closeCode === null) counts.deafHeldItAll++;
  else {
    counts.deafOther++;
    if (counts.deafOther < 5) log(`a client that did not read was closed with ${closeCode}`);
  }
  ws.terminate();
}

/** Runs {@code scenario} again and again, {@code n} at once, until the end of the run. */
function keep(n, scenario, pauseMs = 1000) {
  for (let i = 0; i < n; i++) {
    (async () => {
      await delay(between(0, 5000));
      while (!stopping) {
        try {
          await scenario();
        } catch (e) {
          counts.errors++;
          if (counts.errors < 20) log(`scenario failed: ${e.message}`);
        }
        await delay(pauseMs);
      }
    })();
  }
}

// ---- sampling ---------------------------------------------------------------------------------

const samples = [];
let firstHistogram = null;
let lastHistogram = null;

function histogram() {
  const text = execFileSync(options.jcmd, [String(options.serverPid), 'GC.class_histogram'], {
    encoding: 'utf8', maxBuffer: 64 << 20,
  });
  const classes = new Map();
  let total = 0;
  for (const line of text.split('\n')) {
    const m = line.match(/^\s*\d+:\s+(\d+)\s+(\d+)\s+(\S+)/);
    if (m) classes.set(m[3], { count: Number(m[1]), bytes: Number(m[2]) });
    const t = line.match(/^Total\s+(\d+)\s+(\d+)/);
    if (t) total = Number(t[2]);
  }
  return { total, classes };
}

async function scrape() {
  const text = await (await fetch(new URL('/metrics', base))).text();
  const value = (name) => {
    let sum = 0;
    for (const m of text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))) sum += Number(m[1]);
    return sum;
  };
  return {
    rooms: value('ttt_rooms'), connections: value('ttt_connections'),
    waiting: value('ttt_outbound_waiting_bytes'),
  };
}

function procStatus(field) {
  const m = readFileSync(`/proc/${options.serverPid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'));
  return m ? Number(m[1]) : NaN;
}

function tcpMemoryBytes() {
  const m = readFileSync('/proc/net/sockstat', 'utf8').match(/^TCP:.* mem (\d+)/m);
  return m ? Number(m[1]) * 4096 : NaN;
}

async function sample(startedAt) {
  const h = histogram();
  const metrics = await scrape();
  const count = (name) => (h.classes.get(name) || { count: 0 }).count;
  const s = {
    t: Math.round((Date.now() - startedAt) / 1000),
    heapAfterGcMiB: h.total / 1048576,
    rssMiB: procStatus('VmRSS') / 1024,
    tcpMemMiB: tcpMemoryBytes() / 1048576,
    waitingKiB: metrics.waiting / 1024,
    fds: readdirSync(`/proc/${options.serverPid}/fd`).length,
    threads: procStatus('Threads'),
    rooms: metrics.rooms,
    connections: metrics.connections,
    timers: count('io.netty.util.concurrent.ScheduledFutureTask'),
  };
  samples.push(s);
  if (!firstHistogram && s.t >= options.warmup * 60) firstHistogram = h;
  lastHistogram = h;
  return s;
}

const COLUMNS = ['t', 'heapAfterGcMiB', 'rssMiB', 'tcpMemMiB', 'waitingKiB', 'fds', 'threads', 'rooms', 'connections', 'timers'];
const fmt = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

/**
 * What counts as flat: the least-squares slope over the samples after the warm-up, times the
 * hour, must stay under these (in each series' unit). Chosen well above the noise a steady load
 * makes (collections, batches of rooms ending at once) and well below a leak that would matter in
 * a day.
 */
const THRESHOLDS_PER_HOUR = { heapAfterGcMiB: 8, rssMiB: 64, fds: 50, threads: 4, timers: 200, rooms: 50, tcpMemMiB: 16 };

function slopePerHour(key, points) {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.t, 0) / n;
  const my = points.reduce((a, p) => a + p[key], 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mx) * (p[key] - my);
    den += (p.t - mx) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 3600;
}

function verdict() {
  const steady = samples.filter((s) => s.t >= options.warmup * 60);
  const lines = [`verdict over ${steady.length} samples after a ${options.warmup}-minute warm-up:`];
  let flat = true;
  for (const [key, limit] of Object.entries(THRESHOLDS_PER_HOUR)) {
    const slope = steady.length > 2 ? slopePerHour(key, steady) : 0;
    const ok = Math.abs(slope) <= limit;
    flat &&= ok;
    lines.push(`  ${key.padEnd(15)} slope ${slope.toFixed(2).padStart(9)} /h  (flat under ${limit} /h)  ${ok ? 'flat' : 'SLOPE'}`);
  }
  if (firstHistogram && lastHistogram) {
    const growth = [...lastHistogram.classes].map(([name, v]) => {
      const before = firstHistogram.classes.get(name) || { count: 0, bytes: 0 };
      return { name, bytes: v.bytes - before.bytes, count: v.count - before.count };
    }).sort((a, b) => b.bytes - a.bytes).slice(0, 8);
    lines.push('  classes that grew most between the first and the last steady sample (owners of any heap slope):');
    for (const g of growth) lines.push(`    ${String(g.bytes).padStart(10)} B ${String(g.count).padStart(8)} objects  ${g.name}`);
  }
  lines.push(flat ? 'FLAT: no series grows past its threshold' : 'SLOPE: see the series marked above');
  return lines.join('\n');
}

// ---- the run ----------------------------------------------------------------------------------

async function main() {
  const startedAt = Date.now();
  keep(options.tables, humanTable);
  keep(1, () => botTable(3));
  keep(1, () => botTable(15));
  keep(1, quickPair, 4000);
  keep(1, quickBot, 8000);
  keep(1, flagTable, 5000);
  keep(1, async () => {
    const code = await createRoom({ size: 15, winLength: 5 });
    await deafClient(code);
  }, 10_000);
  log(`| ${COLUMNS.join(' | ')} |`);
  log(`|${COLUMNS.map(() => '---:').join('|')}|`);
  const end = startedAt + options.minutes * 60_000;
  let next = startedAt;
  while (Date.now() < end) {
    // A sample that took longer than the period (a busy host) is not made up for with a burst.
    next = Math.max(next + options.every * 1000, Date.now());
    await delay(next - Date.now());
    try {
      const s = await sample(startedAt);
      log(`| ${COLUMNS.map((c) => fmt(s[c])).join(' | ')} |`);
    } catch (e) {
      log(`sample failed: ${e.message}`);
    }
  }
  stopping = true;
  for (const p of live) p.ws.terminate();
  log(`counts ${JSON.stringify(counts)}`);
  const text = verdict();
  log(text);
  if (options.out) writeFileSync(options.out, JSON.stringify({ options, counts, samples }, null, 1));
  process.exit(0);
}

function log(line) {
  console.log(line);
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

function parse(args) {
  const o = { url: 'http://127.0.0.1:8080', serverPid: 0, jcmd: 'jcmd', minutes: 60, every: 10, warmup: 10, tables: 12, seed: 1, out: null };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i].replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(key in o)) fail(`unknown option ${args[i]}`);
    o[key] = typeof o[key] === 'number' ? Number(args[i + 1]) : args[i + 1];
  }
  if (!o.serverPid) fail('--server-pid is required (the server\'s numbers come from /proc)');
  return o;
}

main();
