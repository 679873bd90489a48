#!/usr/bin/env node
// The load of bench/node/load.mjs, played on server.mjs over socket.io-client: R rooms of two
// players on 3x3, each moving `think` ms after its turn comes, a rematch after every game; prints
// moves, the latency from a move's send to the opponent's receipt, and the server's CPU a move.
//
//   node load.mjs --url http://127.0.0.1:3000 --rooms 1000 --think 500 --warmup 10 --duration 30 --server-pid 1234
//
// Loopback targets only; the run stops by itself after its duration.

import { setTimeout as delay } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { cpuSeconds, percentiles, rng } from '../node/measure.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const url = new URL(option('url', 'http://127.0.0.1:3000'));
const rooms = Number(option('rooms', 1));
const think = Number(option('think', 0));
const warmup = Number(option('warmup', 10));
const duration = Number(option('duration', 30));
const serverPid = option('server-pid', null);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`loopback only, not ${url.hostname}`);

const stats = { moves: 0, games: 0, refusals: 0, latencies: [], measuring: false };
const random = rng(7);

async function table() {
  const { code } = await (await fetch(new URL('/rooms', url), { method: 'POST' })).json();
  const sent = new Map(); // seat + version it was sent at -> send time
  const players = [];
  for (let i = 0; i < 2; i++) {
    const socket = io(url.href, { transports: ['websocket'], reconnection: false, forceNew: true });
    const me = { socket, seat: null, state: null, rematchFor: 0, timer: null, movedAt: -1 };
    socket.on('joined', ({ seat, state }) => {
      me.seat = seat;
      me.state = state;
      act(me);
    });
    socket.on('state', (state) => {
      me.state = state;
      act(me);
    });
    socket.on('moved', (m) => {
      const s = me.state;
      s.board[m.cell] = m.seat;
      Object.assign(s, { version: m.version, turn: m.turn, status: m.status, winner: m.winner, line: m.line });
      if (m.seat !== me.seat) {
        const at = sent.get(m.seat + (m.version - 1));
        if (at !== undefined && stats.measuring) {
          stats.moves++;
          stats.latencies.push(Number(process.hrtime.bigint() - at) / 1000);
        }
        sent.delete(m.seat + (m.version - 1));
      }
      if (m.status === 'over' && m.seat === me.seat && stats.measuring) stats.games++;
      act(me);
    });
    socket.on('rematch', ({ version, seats }) => {
      me.state.version = version;
      me.state.rematch = seats;
      act(me);
    });
    socket.on('refused', () => stats.refusals++);
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.emit('join', { code });
    players.push(me);
  }

  function act(me) {
    const s = me.state;
    if (!s || me.timer) return;
    if (s.status === 'playing' && s.turn === me.seat && me.movedAt !== s.version) {
      me.timer = setTimeout(() => {
        me.timer = null;
        const now = me.state;
        if (now.status !== 'playing' || now.turn !== me.seat || now.version !== s.version) return act(me);
        me.movedAt = now.version;
        const free = [];
        now.board.forEach((c, i) => c === null && free.push(i));
        const cell = free[Math.floor(random() * free.length)];
        sent.set(me.seat + now.version, process.hrtime.bigint());
        me.socket.emit('move', { cell, version: now.version });
      }, think);
    } else if (s.status === 'over' && !s.rematch.includes(me.seat) && me.rematchFor !== s.game) {
      me.rematchFor = s.game;
      me.socket.emit('rematch');
    }
  }
  return { stop: () => players.forEach((p) => p.socket.close()) };
}

const serverCpu = () => (serverPid ? cpuSeconds(serverPid) : null);

const tables = [];
for (let i = 0; i < rooms; i++) tables.push(await table());
await delay(warmup * 1000);
const cpuBefore = serverCpu();
const start = process.hrtime.bigint();
stats.measuring = true;
await delay(duration * 1000);
stats.measuring = false;
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const cpuAfter = serverCpu();
tables.forEach((t) => t.stop());
console.log(
  JSON.stringify({
    target: 'socket.io',
    rooms,
    thinkMs: think,
    seconds,
    moves: stats.moves,
    movesPerSecond: stats.moves / seconds,
    games: stats.games,
    refusals: stats.refusals,
    latencyMicros: percentiles(stats.latencies),
    serverCpuMicrosPerMove: cpuBefore == null ? null : ((cpuAfter - cpuBefore) * 1e6) / Math.max(1, stats.moves),
  }),
);
process.exit(0);
