#!/usr/bin/env node
// Prints the Node client's results as one table, ours / relay / ratio, from the JSON lines that
// load.mjs writes with --json. Arguments: LABEL GAME.json RELAY.json, repeated per scenario.
//
//   node table.mjs "R=1" latency-game.json latency-relay.json "idle 10000" idle-game.json idle-relay.json

import { existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 3 !== 0) {
  process.stderr.write('usage: table.mjs LABEL GAME.json RELAY.json [LABEL GAME.json RELAY.json ...]\n');
  process.exit(2);
}

const rows = [['scenario', 'metric', 'ours', 'relay', 'ours/relay']];
for (let i = 0; i < args.length; i += 3) {
  const [label, gameFile, relayFile] = args.slice(i, i + 3);
  const game = read(gameFile);
  const relay = read(relayFile);
  if (!game || !relay) {
    rows.push([label, 'no result', game ? 'ok' : 'missing', relay ? 'ok' : 'missing', '']);
    continue;
  }
  if ('connections' in game) {
    rows.push(pair(label, 'RSS per connection (B)', game.rssPerConnectionBytes, relay.rssPerConnectionBytes));
    rows.push(pair(label, 'idle CPU (% of a core)', game.idleCpuPercent, relay.idleCpuPercent, 2));
    continue;
  }
  const gl = game.latencyMicros ?? {};
  const rl = relay.latencyMicros ?? {};
  rows.push([label, 'latency p50 / p99 (µs)', `${num(gl.p50)} / ${num(gl.p99)}`, `${num(rl.p50)} / ${num(rl.p99)}`,
    `${ratio(gl.p50, rl.p50)} / ${ratio(gl.p99, rl.p99)}`]);
  rows.push(pair(label, 'server CPU (µs/move)', game.serverCpuMicrosPerMove, relay.serverCpuMicrosPerMove));
  rows.push(pair(label, 'moves/s', game.movesPerSecond, relay.movesPerSecond));
  rows.push(pair(label, 'client CPU (cores)', game.clientCpuCores, relay.clientCpuCores, 2));
}
print(rows);

function read(file) {
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  try {
    return JSON.parse(lines[lines.length - 1]);
  } catch {
    return null;
  }
}

function pair(label, metric, ours, relay, digits = 0) {
  return [label, metric, num(ours, digits), num(relay, digits), ratio(ours, relay)];
}

function num(value, digits = 0) {
  return value == null ? '—' : Number(value).toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function ratio(ours, relay) {
  return ours == null || relay == null || relay === 0 ? '—' : (ours / relay).toFixed(2);
}

function print(table) {
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => String(row[c]).length)));
  const line = (row) => '| ' + row.map((cell, c) => String(cell).padEnd(widths[c])).join(' | ') + ' |';
  console.log(line(table[0]));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of table.slice(1)) console.log(line(row));
}
