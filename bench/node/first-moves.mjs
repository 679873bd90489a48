#!/usr/bin/env node
// What the first client of a fresh server meets. Starts the server command given after `--`, polls
// GET /readyz every 5 ms until it answers 200 (the time from the spawn is "ready"), then creates one
// 3x3 room, seats two players and plays --moves moves with no think time, a rematch after each game.
// A move's latency runs from the mover's send to the opponent holding the diff that names it.
// Prints one JSON line, then stops the server with SIGTERM and waits for it to exit.
//
//   node bench/node/first-moves.mjs --port 18500 -- ./run-server --port 18500 --data-dir /tmp/d
//
// Loopback only: the server command must bind the --port given here on 127.0.0.1.

import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';
import jsonpatch from 'fast-json-patch';

const READY_POLL_MS = 5;
const READY_LIMIT_MS = 60_000;

const split = process.argv.indexOf('--');
if (split < 0 || split === process.argv.length - 1) fail('usage: first-moves.mjs [--port P] [--moves N] -- server command...');
const options = { port: 8080, moves: 100 };
const own = process.argv.slice(2, split);
for (let i = 0; i < own.length; i += 2) {
  const name = own[i].replace(/^--/, '');
  if (!(name in options)) fail(`unknown option ${own[i]}`);
  options[name] = Number(own[i + 1]);
}
const command = process.argv.slice(split + 1);
const base = `http://127.0.0.1:${options.port}`;

const spawned = process.hrtime.bigint();
const server = spawn(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
const exited = new Promise((resolve) => server.on('exit', resolve));
try {
  const readyMs = await waitReady();
  const result = { readyMs, ...(await play()) };
  console.log(JSON.stringify(result));
} finally {
  server.kill('SIGTERM');
  await exited;
}

async function waitReady() {
  for (;;) {
    const ms = sinceSpawn();
    if (ms > READY_LIMIT_MS) fail(`not ready after ${READY_LIMIT_MS} ms`);
    if (server.exitCode !== null) fail(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.status === 200) return sinceSpawn();
    } catch {
      // not listening yet
    }
    await delay(READY_POLL_MS);
  }
}

async function play() {
  const setupStarted = process.hrtime.bigint();
  const response = await fetch(`${base}/api/rooms`, { method: 'POST', body: '{"size":3}' });
  if (response.status !== 201) fail(`room not created: ${response.status}`);
  const { path } = await response.json();
  const latencies = [];
  const pending = new Map(); // move id + seat -> send time
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  const players = [];
  for (const name of ['ana', 'bo']) players.push(await join(path, name));
  const setupMs = micros(setupStarted) / 1000;
  for (const p of players) act(p);
  await finished;
  for (const p of players) p.ws.close(1000);
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    setupMs: round(setupMs),
    firstMoveMs: round(latencies[0] / 1000),
    p50Ms: round(at(0.5) / 1000),
    p99Ms: round(at(0.99) / 1000),
    maxMs: round(sorted[sorted.length - 1] / 1000),
    moves: latencies.length,
  };

  async function join(path, name) {
    const ws = new WebSocket(new URL(path, base.replace('http', 'ws')));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const me = { ws, seat: null, snapshot: null, ids: 0, movedAt: -1, rematchFor: 0 };
    const welcomed = new Promise((resolve) => (me.welcomed = resolve));
    ws.on('message', (data) => receive(me, JSON.parse(data.toString())));
    ws.send(JSON.stringify({ type: 'join', protocol: 1, name }));
    await welcomed;
    return me;
  }

  function receive(me, message) {
    if (message.type === 'welcome') {
      me.seat = message.seat;
      me.snapshot = message.snapshot;
      me.welcomed();
    } else if (message.type === 'diff') {
      me.snapshot = jsonpatch.applyPatch(me.snapshot, message.ops, true, false).newDocument;
      const event = message.event;
      if (event && event.kind === 'moved' && event.seat !== me.seat) {
        const sent = pending.get(event.moveId + event.seat);
        if (sent !== undefined) {
          pending.delete(event.moveId + event.seat);
          latencies.push(micros(sent));
          if (latencies.length >= options.moves) return done();
        }
      }
      act(me);
    } else if (message.type === 'error') {
      fail(`error ${message.code}: ${message.message}`);
    }
  }

  function act(me) {
    const s = me.snapshot;
    if (s === null || latencies.length >= options.moves) return;
    if (s.status === 'playing' && s.turn === me.seat && me.movedAt !== s.version) {
      me.movedAt = s.version;
      const free = s.board.join('').split('').flatMap((c, i) => (c === '.' ? [i] : []));
      const id = 'm' + ++me.ids;
      pending.set(id + me.seat, process.hrtime.bigint());
      // The first free cell: the same games on every run.
      me.ws.send(JSON.stringify({ type: 'move', id, version: s.version, cell: free[0] }));
    } else if (s.status === 'over' && !s.rematch.includes(me.seat) && me.rematchFor !== s.game) {
      me.rematchFor = s.game;
      me.ws.send(JSON.stringify({ type: 'rematch' }));
    }
  }
}

function sinceSpawn() {
  return round(micros(spawned) / 1000);
}

function micros(since) {
  return Number(process.hrtime.bigint() - since) / 1000;
}

function round(ms) {
  return Math.round(ms * 10) / 10;
}

function fail(message) {
  console.error(`first-moves: ${message}`);
  if (typeof server !== 'undefined') server.kill('SIGTERM');
  process.exit(1);
}
