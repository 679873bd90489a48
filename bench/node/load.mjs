#!/usr/bin/env node
// A load client for the game server written from protocol/PROTOCOL.md alone, in another language
// than the server, with stock libraries: `ws` for WebSocket and `fast-json-patch` to apply diffs.
// It plays R rooms of two players (3x3 by default), offers a rematch after every game, checks that
// every diff applies to its snapshot and reproduces the version, and measures the latency from a
// mover's send to the moment the opponent holds the diff naming that move. Against the bare relay
// (--relay) the two players of a path exchange the same move messages with no server in between.
//
//   node load.mjs --url http://127.0.0.1:8080 --rooms 1000 --think 500 --warmup 10 --duration 30
//   node load.mjs --url http://127.0.0.1:8080 --idle 10000 --server-pid 1234
//   node load.mjs --url http://127.0.0.1:8080 --idle 10000 --ping 5 --server-pid 1234   (pings every 5 s)
//   node load.mjs --url http://127.0.0.1:8080 --idle 10000 --beat --server-pid 1234    (the server pings)
//
// Loopback targets only unless --allow-remote; every run stops by itself after its duration.

import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';
import jsonpatch from 'fast-json-patch';
import { cpuSeconds, percentiles, rng } from './measure.mjs';

const options = parse(process.argv.slice(2));
const base = new URL(options.url);
if (!options.allowRemote && !isLoopback(base.hostname)) {
  fail(`refusing to load ${base.hostname}: only loopback targets (use --allow-remote to override)`);
}

const stats = { moves: 0, errors: 0, closes: 0, resyncs: 0, games: 0, latencies: [], measuring: false };
let seed = options.seed >>> 0;

if (options.idle > 0) {
  await idleRun();
} else {
  await playRun();
}

async function playRun() {
  const tables = [];
  for (let i = 0; i < options.rooms; i++) {
    tables.push(options.relay ? await relayTable(i) : await gameTable(i));
  }
  log(`connected ${tables.length} rooms`);
  for (const t of tables) t.start();
  await delay(options.warmup * 1000);
  const cpuBefore = serverCpu();
  const clientBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  stats.measuring = true;
  const ticker = setInterval(() => log(`moves ${stats.moves} errors ${stats.errors}`), 1000);
  await delay(options.duration * 1000);
  stats.measuring = false;
  clearInterval(ticker);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpuAfter = serverCpu();
  const client = process.cpuUsage(clientBefore);
  const clientSeconds = (client.user + client.system) / 1e6;
  for (const t of tables) t.stop();
  report({
    target: options.relay ? 'relay' : 'game',
    rooms: options.rooms,
    thinkMs: options.think,
    seconds,
    moves: stats.moves,
    movesPerSecond: stats.moves / seconds,
    games: stats.games,
    errors: stats.errors,
    unexpectedCloses: stats.closes,
    resyncs: stats.resyncs,
    latencyMicros: percentiles(stats.latencies),
    serverCpuMicrosPerMove: cpuBefore == null ? null : ((cpuAfter - cpuBefore) * 1e6) / Math.max(1, stats.moves),
    serverCpuCores: cpuBefore == null ? null : (cpuAfter - cpuBefore) / seconds,
    // Near 1, this client was the bottleneck and its own queueing is in the latencies.
    clientCpuCores: clientSeconds / seconds,
  });
}

/** Two seated players of a real room: create it over HTTP, join both, play games forever. */
async function gameTable(index) {
  const created = await fetchJson(new URL('/api/rooms', base), { method: 'POST', body: JSON.stringify({ size: options.size }) });
  const path = created.path;
  const random = rng(options.seed * 1_000_003 + index);
  const pending = new Map(); // move id + seat -> send time, for the opponent's receipt
  let stopped = false;
  const players = [await player(path, 'x' + index), await player(path, 'o' + index)];
  const table = {
    start() {
      for (const p of players) p.act();
    },
    stop() {
      stopped = true;
      for (const p of players) p.ws.close(1000);
    },
  };
  async function player(path, name) {
    const ws = await open(new URL(path, wsBase()));
    const me = { ws, seat: null, snapshot: null, moveCount: 0, timer: null, rematchFor: 0, movedAt: -1 };
    ws.on('message', (data) => onMessage(me, JSON.parse(data.toString())));
    ws.on('close', (code) => {
      if (!stopped) {
        stats.closes++;
        log(`unexpected close ${code} in room ${path}`);
      }
    });
    await new Promise((resolve) => {
      me.onWelcome = resolve;
      ws.send(JSON.stringify({ type: 'join', protocol: 1, name }));
    });
    me.act = () => act(me);
    return me;
  }

  function onMessage(me, message) {
    switch (message.type) {
      case 'welcome':
        // Taken here, not where the join awaits it: a diff can come in the same read as the
        // welcome, and is handled before any awaiting code runs.
        me.seat = message.seat;
        me.snapshot = message.snapshot;
        me.onWelcome(message);
        return;
      case 'snapshot':
        me.snapshot = message.snapshot;
        act(me);
        return;
      case 'diff': {
        if (message.version !== me.snapshot.version + 1) {
          stats.resyncs++;
          me.ws.send(JSON.stringify({ type: 'sync', lastVersion: me.snapshot.version }));
          return;
        }
        me.snapshot = jsonpatch.applyPatch(me.snapshot, message.ops, true, false).newDocument;
        if (me.snapshot.version !== message.version) fail(`diff ${message.version} did not reproduce its version`);
        const event = message.event;
        if (event && event.kind === 'moved' && event.seat !== me.seat) {
          const sent = pending.get(event.moveId + event.seat);
          if (sent !== undefined) {
            pending.delete(event.moveId + event.seat);
            if (stats.measuring) {
              stats.moves++;
              stats.latencies.push(Number(process.hrtime.bigint() - sent) / 1000);
            }
          }
        }
        if (me.snapshot.status === 'over' && event && event.kind === 'moved' && me.seat === 'X') stats.games++;
        act(me);
        return;
      }
      case 'error':
        if (stats.errors++ < 10) log(`error ${message.code}: ${message.message}`);
        return;
      default:
        return; // ack and history are not used here
    }
  }

  function act(me) {
    if (stopped || me.timer) return;
    const s = me.snapshot;
    // Once a version: a second call before the move's own diff comes back (the start, say, right
    // after the join's diff) would otherwise send the move twice, the second out of turn.
    if (s.status === 'playing' && s.turn === me.seat && me.movedAt !== s.version) {
      me.timer = setTimeout(() => {
        me.timer = null;
        if (stopped || me.snapshot.version !== s.version) return act(me);
        me.movedAt = s.version;
        const cell = pick(s, random);
        const id = 'm' + ++me.moveCount;
        pending.set(id + me.seat, process.hrtime.bigint());
        me.ws.send(JSON.stringify({ type: 'move', id, version: s.version, cell }));
      }, options.think);
    } else if (s.status === 'over' && !s.rematch.includes(me.seat) && me.rematchFor !== s.game) {
      me.rematchFor = s.game; // once per game: the offer shows up in a later diff
      me.ws.send(JSON.stringify({ type: 'rematch' }));
    }
  }

  return table;
}

/**
 * Two connections on one relay path exchanging the same move messages with no rules between; a
 * relay that echoes sends each its own moves too, which it ignores.
 */
async function relayTable(index) {
  const path = `/rooms/LOAD${index}/ws`;
  const x = await open(new URL(path, wsBase()));
  const o = await open(new URL(path, wsBase()));
  const random = rng(options.seed * 1_000_003 + index);
  const size = options.size;
  let cells = '.'.repeat(size * size).split('');
  let version = 0;
  let stopped = false;
  let count = 0;
  const sent = new Map();
  const answer = (ws, seat) => {
    setTimeout(() => {
      if (stopped) return;
      let free = cells.flatMap((c, i) => (c === '.' ? [i] : []));
      if (free.length === 0) {
        cells = '.'.repeat(size * size).split('');
        stats.games++;
        free = cells.map((_, i) => i);
      }
      const cell = free[Math.floor(random() * free.length)];
      cells[cell] = seat;
      const id = seat + ++count;
      sent.set(id, process.hrtime.bigint());
      ws.send(JSON.stringify({ type: 'move', id, version: ++version, cell }));
    }, options.think);
  };
  const receive = (ws, seat) => (data) => {
    const move = JSON.parse(data.toString());
    if (move.id.startsWith(seat)) return; // its own move, sent back by an echoing relay
    const at = sent.get(move.id);
    sent.delete(move.id);
    if (at !== undefined && stats.measuring) {
      stats.moves++;
      stats.latencies.push(Number(process.hrtime.bigint() - at) / 1000);
    }
    cells[move.cell] = seat === 'X' ? 'O' : 'X';
    answer(ws, seat);
  };
  x.on('message', receive(x, 'X'));
  o.on('message', receive(o, 'O'));
  return {
    start: () => answer(x, 'X'),
    stop() {
      stopped = true;
      x.close(1000);
      o.close(1000);
    },
  };
}

/** Opens seated idle connections and reports the server's memory and CPU for them. */
async function idleRun() {
  if (!options.serverPid) fail('--idle needs --server-pid to read the server memory and CPU');
  const rssBefore = serverRss();
  const sockets = [];
  for (let i = 0; i < options.idle / 2; i++) {
    if (options.relay) {
      const path = `/rooms/IDLE${i}/ws`;
      sockets.push(await open(new URL(path, wsBase())), await open(new URL(path, wsBase())));
    } else {
      const created = await fetchJson(new URL('/api/rooms', base), { method: 'POST', body: JSON.stringify({ size: 3 }) });
      for (const name of ['x', 'o']) {
        const ws = await open(new URL(created.path, wsBase()));
        await new Promise((resolve) => {
          ws.once('message', resolve);
          ws.send(JSON.stringify({ type: 'join', protocol: 1, name }));
        });
        sockets.push(ws);
      }
    }
    if (sockets.length % 2000 === 0) log(`${sockets.length} connections`);
  }
  // With --ping, each socket sends the protocol's heartbeat every that many seconds, the sockets'
  // first pings spread evenly over the first period. Bytes are the sockets' own counters: every
  // frame both ways (the server's idle pings and their pongs too), without TCP/IP headers.
  // With --beat, each socket opts in with one ping, its first spread over the first second, and
  // then answers the server's pings, as the protocol's heartbeat asks of a client.
  const wire = { pings: 0, pongs: 0 };
  const timers = [];
  if (options.beat) {
    sockets.forEach((ws, i) => {
      ws.on('message', (data) => {
        const text = data.toString();
        if (text.startsWith('{"type":"ping"')) {
          wire.pongs++;
          ws.send(`{"type":"pong","seq":${JSON.parse(text).seq}}`);
        }
      });
      timers.push(setTimeout(() => {
        ws.send('{"type":"ping","seq":0}');
        wire.pings++;
      }, (1000 * i) / sockets.length));
    });
  } else if (options.ping > 0) {
    sockets.forEach((ws, i) => {
      let seq = 0;
      ws.on('message', () => wire.pongs++);
      const send = () => {
        ws.send(`{"type":"ping","seq":${seq++}}`);
        wire.pings++;
      };
      timers.push(setTimeout(() => {
        send();
        timers.push(setInterval(send, options.ping * 1000));
      }, (options.ping * 1000 * i) / sockets.length));
    });
  }
  const bytes = () => sockets.reduce((sum, ws) => {
    sum.out += ws._socket.bytesWritten;
    sum.in += ws._socket.bytesRead;
    return sum;
  }, { out: 0, in: 0 });
  await delay(options.settle * 1000);
  const counted = { ...wire, ...bytes(), load: loadAverage() };
  const cpuBefore = serverCpu();
  await delay(options.duration * 1000);
  const cpuAfter = serverCpu();
  const rssAfter = serverRss();
  const ended = { ...wire, ...bytes(), load: loadAverage() };
  timers.forEach((t) => clearTimeout(t));
  for (const ws of sockets) ws.terminate();
  report({
    target: options.relay ? 'relay' : 'game',
    connections: sockets.length,
    pingEverySeconds: options.ping,
    serverPings: options.beat,
    loadAverage: `${counted.load} .. ${ended.load}`,
    rssPerConnectionBytes: ((rssAfter - rssBefore) * 1024) / sockets.length,
    idleCpuPercent: ((cpuAfter - cpuBefore) / options.duration) * 100,
    pingsPerSecond: (ended.pings - counted.pings) / options.duration,
    pongsPerSecond: (ended.pongs - counted.pongs) / options.duration,
    bytesPerSecondOut: (ended.out - counted.out) / options.duration,
    bytesPerSecondIn: (ended.in - counted.in) / options.duration,
  });
}

/** The host's one-minute load average. */
function loadAverage() {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

function pick(snapshot, random) {
  const free = [];
  snapshot.board.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) if (row[c] === '.') free.push(r * row.length + c);
  });
  return free[Math.floor(random() * free.length)];
}

function open(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function fetchJson(url, init) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  if (!response.ok) fail(`${init.method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

function wsBase() {
  return base.href.replace(/^http/, 'ws');
}

/** The server's CPU time in seconds from /proc, or null without --server-pid. */
function serverCpu() {
  return options.serverPid ? cpuSeconds(options.serverPid) : null;
}

function serverRss() {
  const line = readFileSync(`/proc/${options.serverPid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]);
}

function report(result) {
  if (options.json) {
    console.log(JSON.stringify(result));
  } else {
    for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(24)} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  }
  process.exit(result.errors || result.unexpectedCloses ? 1 : 0);
}

function log(line) {
  process.stderr.write(`[load] ${line}\n`);
}

function fail(message) {
  process.stderr.write(`load: ${message}\n`);
  process.exit(2);
}

function isLoopback(host) {
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function parse(args) {
  const o = { url: 'http://127.0.0.1:8080', rooms: 1, think: 0, warmup: 5, duration: 10, size: 3, seed: 1,
    idle: 0, ping: 0, beat: false, settle: 5, serverPid: null, relay: false, json: false, allowRemote: false };
  const numbers = ['rooms', 'think', 'warmup', 'duration', 'size', 'seed', 'idle', 'ping', 'settle', 'serverPid'];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(name in o)) fail(`unknown option ${args[i]}`);
    if (typeof o[name] === 'boolean') {
      o[name] = true;
    } else {
      const value = args[++i];
      if (value === undefined) fail(`${args[i - 1]} needs a value`);
      o[name] = numbers.includes(name) ? Number(value) : value;
      if (numbers.includes(name) && !Number.isFinite(o[name])) fail(`${args[i - 1]}: not a number: ${value}`);
    }
  }
  return o;
}
