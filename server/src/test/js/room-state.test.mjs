import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { RoomState } from '../../main/resources/web/room-state.js';

// The page applies diffs with the stock JSON Patch library it is served; the build hands its file
// over in JSON_PATCH (PageScriptsTest), as the page's <script> would load it.
before(() => {
  const file = process.env.JSON_PATCH;
  if (!file) throw new Error('set JSON_PATCH to json-patch.min.js (PageScriptsTest does)');
  vm.runInThisContext(readFileSync(file, 'utf8'), { filename: file });
});

const diff = (version, ops, event = null) => ({
  type: 'diff', version, event, ops: [{ op: 'replace', path: '/version', value: version }, ...ops],
});
const turn = (seat) => ({ op: 'replace', path: '/turn', value: seat });
const welcome = (version) => ({ type: 'welcome', seat: 'X', snapshot: { version, turn: 'X', clock: null } });

test('a welcome replaces the state and gives the seat', () => {
  const s = new RoomState();
  assert.deepEqual(s.receive(welcome(4)), { changed: true, event: null });
  assert.equal(s.version, 4);
  assert.equal(s.seat, 'X');
});

test('diffs apply in order and hand on their event', () => {
  const s = new RoomState();
  s.receive(welcome(1));
  const event = { kind: 'moved', seat: 'X', cell: 4 };
  assert.deepEqual(s.receive(diff(2, [turn('O')], event)), { changed: true, event });
  assert.equal(s.snapshot.turn, 'O');
  assert.equal(s.version, 2);
});

test('a duplicate is ignored', () => {
  const s = new RoomState();
  s.receive(welcome(2));
  assert.deepEqual(s.receive(diff(2, [turn('O')])), { changed: false });
  assert.deepEqual(s.receive(diff(1, [turn('O')])), { changed: false });
  assert.equal(s.snapshot.turn, 'X');
});

test('a gap asks for one sync, later diffs past it wait, and the answer fills it', () => {
  const s = new RoomState();
  s.receive(welcome(1));
  assert.deepEqual(s.receive(diff(3, [turn('X')])), { changed: false, sync: 1 });
  assert.deepEqual(s.receive(diff(4, [turn('O')])), { changed: false });
  assert.equal(s.receive(diff(2, [turn('O')])).changed, true);
  assert.equal(s.receive(diff(3, [turn('X')])).changed, true);
  assert.equal(s.version, 3);
});

test('a diff that does not apply, or lands on another version, asks for a sync', () => {
  const s = new RoomState();
  s.receive(welcome(1));
  assert.deepEqual(s.receive({ type: 'diff', version: 2, ops: [{ op: 'remove', path: '/nothing' }] }), { changed: false, sync: 1 });
  const t = new RoomState();
  t.receive(welcome(1));
  assert.deepEqual(t.receive({ type: 'diff', version: 2, ops: [turn('O')] }), { changed: false, sync: 1 });
  assert.equal(t.snapshot.turn, 'X', 'nothing of the failed diff is kept');
});

test('a snapshot replaces everything, pending sync included', () => {
  const s = new RoomState();
  s.receive(welcome(1));
  s.receive(diff(5, []));
  s.receive({ type: 'snapshot', snapshot: { version: 9, turn: 'O' } });
  assert.equal(s.version, 9);
  assert.deepEqual(s.receive(diff(11, [])), { changed: false, sync: 9 });
});

test('serverTime sets the offset to the server clock', () => {
  let local = 10_000;
  const s = new RoomState(() => local);
  s.receive({ ...welcome(1), serverTime: 12_500 });
  assert.equal(s.now(), 12_500);
  local += 1000;
  assert.equal(s.now(), 13_500);
});
