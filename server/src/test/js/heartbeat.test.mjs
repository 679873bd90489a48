import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Heartbeat, PING_MS, DEAD_MS } from '../../main/resources/web/heartbeat.js';
import { FakeTimers } from './fakes.mjs';

function beat() {
  const timers = new FakeTimers();
  const sent = [];
  let dead = 0;
  const h = new Heartbeat({ send: (m) => sent.push(m), onDead: () => { dead += 1; }, timers, now: timers.now });
  return { timers, sent, h, dead: () => dead };
}

test('pings every 5 s with a growing seq once started', () => {
  const { timers, sent, h } = beat();
  h.start();
  timers.advance(PING_MS - 1);
  assert.deepEqual(sent, []);
  timers.advance(1);
  h.heard();
  timers.advance(PING_MS);
  h.heard();
  assert.deepEqual(sent, [{ type: 'ping', seq: 1 }, { type: 'ping', seq: 2 }]);
});

test('ten seconds without a frame is a dead link, reported once', () => {
  const { timers, h, dead } = beat();
  h.start();
  timers.advance(DEAD_MS - 1);
  assert.equal(dead(), 0);
  timers.advance(1);
  assert.equal(dead(), 1);
  timers.advance(5 * DEAD_MS);
  assert.equal(dead(), 1, 'stopped after reporting');
});

test('any frame puts the deadline off by ten seconds from that frame', () => {
  const { timers, h, dead } = beat();
  h.start();
  timers.advance(7000);
  h.heard();
  timers.advance(DEAD_MS - 1);
  assert.equal(dead(), 0);
  timers.advance(1);
  assert.equal(dead(), 1);
});

test('frames every 4 s keep the link alive indefinitely', () => {
  const { timers, h, dead } = beat();
  h.start();
  for (let i = 0; i < 50; i++) {
    timers.advance(4000);
    h.heard();
  }
  assert.equal(dead(), 0);
});

test('stop ends pings and the watchdog', () => {
  const { timers, sent, h, dead } = beat();
  h.start();
  h.stop();
  timers.advance(10 * DEAD_MS);
  assert.deepEqual(sent, []);
  assert.equal(dead(), 0);
  assert.equal(timers.pending.size, 0);
});
