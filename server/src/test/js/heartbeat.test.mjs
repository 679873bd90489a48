import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Heartbeat, QUIET_MS, DEAD_MS } from '../../main/resources/web/heartbeat.js';
import { FakeTimers } from './fakes.mjs';

function beat() {
  const timers = new FakeTimers();
  const sent = [];
  let dead = 0;
  const h = new Heartbeat({ send: (m) => sent.push(m), onDead: () => { dead += 1; }, timers, now: timers.now });
  return { timers, sent, h, dead: () => dead };
}

test('asks for the server\'s pings once when started, and pings again only after 10 s of quiet', () => {
  const { timers, sent, h } = beat();
  h.start();
  assert.deepEqual(sent, [{ type: 'ping', seq: 1 }]);
  for (let i = 0; i < 20; i++) {
    timers.advance(QUIET_MS - 1);
    h.heard();
  }
  assert.equal(sent.length, 1, 'a server that pings is not pinged');
  timers.advance(QUIET_MS);
  assert.deepEqual(sent.at(-1), { type: 'ping', seq: 2 });
  timers.advance(DEAD_MS - QUIET_MS - 1);
  assert.equal(sent.length, 2, 'once per quiet spell');
});

test('answers the server\'s ping with its seq', () => {
  const { sent, h } = beat();
  h.answer(41);
  assert.deepEqual(sent, [{ type: 'pong', seq: 41 }]);
});

test('twelve seconds without a frame is a dead link, reported once', () => {
  const { timers, h, dead } = beat();
  h.start();
  timers.advance(DEAD_MS - 1);
  assert.equal(dead(), 0);
  timers.advance(1);
  assert.equal(dead(), 1);
  timers.advance(5 * DEAD_MS);
  assert.equal(dead(), 1, 'stopped after reporting');
});

test('any frame puts the deadline off by twelve seconds from that frame', () => {
  const { timers, h, dead } = beat();
  h.start();
  timers.advance(7000);
  h.heard();
  timers.advance(DEAD_MS - 1);
  assert.equal(dead(), 0);
  timers.advance(1);
  assert.equal(dead(), 1);
});

test('the server\'s pings every 10 s keep the link alive indefinitely', () => {
  const { timers, h, dead } = beat();
  h.start();
  for (let i = 0; i < 50; i++) {
    timers.advance(10_000);
    h.heard();
  }
  assert.equal(dead(), 0);
});

test('stop ends the watchdog', () => {
  const { timers, sent, h, dead } = beat();
  h.start();
  h.stop();
  timers.advance(10 * DEAD_MS);
  assert.deepEqual(sent, [{ type: 'ping', seq: 1 }]);
  assert.equal(dead(), 0);
  assert.equal(timers.pending.size, 0);
});
