import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  RoomConnection, backoffMs, closeAction, storeSeat, storedSeat, FIRST_BACKOFF_MS, MAX_BACKOFF_MS,
} from '../../main/resources/web/connection.js';
import { QUIET_MS, DEAD_MS } from '../../main/resources/web/heartbeat.js';
import { FakeTimers, FakeSocket, installBrowser, settle } from './fakes.mjs';

const CODE = 'K7MQ2P';
const WELCOME = { type: 'welcome', seat: 'X', token: 'secret', snapshot: { version: 3 } };

/** A connection on fake timers; `statuses` records [kind, why] as the page would see them. */
async function connect({ spectate = false, version = null } = {}) {
  const timers = new FakeTimers();
  const statuses = [];
  const messages = [];
  const waiters = [];
  const c = new RoomConnection(CODE, {
    name: 'ana',
    spectate,
    lastVersion: () => version,
    onMessage: (m) => messages.push(m),
    onStatus: (kind, detail) => {
      statuses.push([kind, detail.why]);
      waiters.filter((w) => w.kind === kind).forEach((w) => w.resolve());
    },
    timers,
    now: timers.now,
    random: () => 0,
  });
  c.start();
  await settle();
  /** Resolves when the page is told {@code kind}. */
  const told = (kind) => new Promise((resolve) => waiters.push({ kind, resolve }));
  return { c, timers, statuses, messages, told, socket: () => FakeSocket.made.at(-1) };
}

/** Lets the reconnect pause pass and the lookup that precedes a socket settle. */
async function afterBackoff(timers, ms = MAX_BACKOFF_MS) {
  timers.advance(ms);
  await settle();
}

beforeEach(() => installBrowser());

test('backoff doubles from 500 ms up to 10 s, keeping a random half or more', () => {
  assert.equal(backoffMs(0, () => 1), FIRST_BACKOFF_MS);
  assert.equal(backoffMs(0, () => 0), FIRST_BACKOFF_MS / 2);
  assert.equal(backoffMs(3, () => 1), 4000);
  assert.equal(backoffMs(10, () => 1), MAX_BACKOFF_MS);
  assert.equal(backoffMs(60, () => 0), MAX_BACKOFF_MS / 2);
});

test('each close code has its action', () => {
  assert.equal(closeAction(4001).kind, 'replaced');
  assert.equal(closeAction(4001).why, 'This seat is now played in another tab');
  assert.equal(closeAction(4002).kind, 'left');
  assert.deepEqual(closeAction(1001, 'server restarting; reconnect in a moment'), { kind: 'reconnect', why: 'The server is restarting' });
  assert.equal(closeAction(1001, 'idle').kind, 'reconnect');
  for (const code of [1008, 1009, 1002, 1007]) assert.equal(closeAction(code).kind, 'closed', String(code));
  for (const code of [1006, 1011, 4008, 1000]) assert.equal(closeAction(code).kind, 'reconnect', String(code));
  assert.deepEqual(closeAction(4004, 'cheating'), { kind: 'closed', why: 'The room was closed: cheating' });
  assert.equal(closeAction(4005).kind, 'reconnect');
});

test('joins on open, with the seat token and the last version when it holds the seat', async () => {
  storeSeat(CODE, 'X', 'secret');
  const { socket, c } = await connect({ version: 7 });
  assert.equal(socket().url, `ws://localhost:8080/rooms/${CODE}/ws`);
  socket().serverOpens();
  assert.deepEqual(socket().sent[0], { type: 'join', protocol: 1, name: 'ana', spectate: false, token: 'secret', lastVersion: 7 });
  c.stop();
});

test('a welcome keeps the seat token and says online', async () => {
  const { socket, statuses, messages, c } = await connect();
  socket().serverOpens();
  socket().serverSends(WELCOME);
  assert.deepEqual(storedSeat(CODE), { seat: 'X', token: 'secret' });
  assert.deepEqual(statuses.at(-1), ['online', undefined]);
  assert.equal(messages[0].type, 'welcome');
  c.stop();
});

test('asks for the server\'s pings on open and answers them; pings, pongs and the old server\'s refusal of ping never reach the page', async () => {
  const { socket, timers, messages, c } = await connect();
  socket().serverOpens();
  assert.deepEqual(socket().sent.slice(1), [{ type: 'ping', seq: 1 }], 'after the join');
  socket().serverSends({ type: 'pong', seq: 1 });
  socket().serverSends(WELCOME);
  timers.advance(QUIET_MS - 1000);
  socket().serverSends({ type: 'ping', seq: 4 });
  assert.deepEqual(socket().sent.at(-1), { type: 'pong', seq: 4 });
  timers.advance(QUIET_MS);
  assert.deepEqual(socket().sent.at(-1), { type: 'ping', seq: 2 }, 'a server that does not ping is pinged');
  socket().serverSends({ type: 'error', code: 'bad_message', message: 'unknown type ping', ref: 'ping' });
  assert.deepEqual(messages.map((m) => m.type), ['welcome']);
  c.stop();
});

test('a silent link is dropped after 12 s and reconnected with the last version', async () => {
  storeSeat(CODE, 'X', 'secret');
  const { socket, timers, statuses, c } = await connect({ version: 3 });
  const first = socket();
  first.serverOpens();
  first.serverSends(WELCOME);
  timers.advance(DEAD_MS);
  assert.deepEqual(statuses.at(-1), ['reconnecting', 'No answer from the server']);
  assert.equal(first.closedWith, 'none');
  await afterBackoff(timers, FIRST_BACKOFF_MS);
  const second = socket();
  assert.notEqual(second, first);
  assert.deepEqual(statuses.at(-1), ['reconnecting', undefined]);
  second.serverOpens();
  assert.deepEqual(second.sent[0], { type: 'join', protocol: 1, name: 'ana', spectate: false, token: 'secret', lastVersion: 3 });
  c.stop();
});

test('4001: says the seat is played in another tab and never reconnects', async () => {
  const { socket, timers, statuses } = await connect();
  socket().serverOpens();
  socket().serverSends(WELCOME);
  socket().serverCloses(4001, 'replaced');
  assert.deepEqual(statuses.at(-1), ['replaced', 'This seat is now played in another tab']);
  await afterBackoff(timers, 10 * MAX_BACKOFF_MS);
  assert.equal(FakeSocket.made.length, 1);
});

test('1008 and 1009: say what happened, no reconnect loop', async () => {
  for (const code of [1008, 1009]) {
    FakeSocket.made = [];
    const { socket, timers, statuses } = await connect();
    socket().serverOpens();
    socket().serverCloses(code);
    assert.equal(statuses.at(-1)[0], 'closed');
    assert.match(statuses.at(-1)[1], /^The server closed the connection: /);
    await afterBackoff(timers, 10 * MAX_BACKOFF_MS);
    assert.equal(FakeSocket.made.length, 1, String(code));
  }
});

test('1001: reconnects with backoff and says the server is restarting', async () => {
  const { socket, timers, statuses, c } = await connect();
  socket().serverOpens();
  socket().serverSends(WELCOME);
  socket().serverCloses(1001, 'server restarting; reconnect in a moment');
  assert.deepEqual(statuses.at(-1), ['reconnecting', 'The server is restarting']);
  // Each failed attempt waits longer: 250, 500, 1000 ms with the random half at 0.
  await afterBackoff(timers, FIRST_BACKOFF_MS / 2);
  assert.equal(FakeSocket.made.length, 2);
  socket().serverCloses(1006);
  await afterBackoff(timers, FIRST_BACKOFF_MS / 2);
  assert.equal(FakeSocket.made.length, 2, 'the second pause is longer');
  await afterBackoff(timers, FIRST_BACKOFF_MS / 2);
  assert.equal(FakeSocket.made.length, 3);
  c.stop();
});

test('4002 after a leave: the page goes back to the lobby', async () => {
  const { socket, statuses } = await connect();
  socket().serverOpens();
  socket().serverCloses(4002, 'left');
  assert.equal(statuses.at(-1)[0], 'left');
});

test('a room that is gone is reported without opening a socket', async () => {
  installBrowser({ roomStatus: 404 });
  const { statuses } = await connect();
  assert.equal(statuses.at(-1)[0], 'gone');
  assert.equal(FakeSocket.made.length, 0);
});

test('two tabs on one seat: the older stops when the newer is welcomed', async () => {
  const older = await connect();
  const a = older.socket();
  a.serverOpens();
  a.serverSends(WELCOME);
  const newer = await connect();
  const b = newer.socket();
  const replaced = older.told('replaced');
  b.serverOpens();
  b.serverSends(WELCOME);
  // No close code reaches the older tab (a broken close): the tabs' channel settles it.
  await replaced;
  assert.deepEqual(older.statuses.at(-1), ['replaced', 'This seat is now played in another tab']);
  assert.equal(a.closedWith, 1000);
  assert.deepEqual(newer.statuses.at(-1), ['online', undefined]);
  newer.c.stop();
});
