import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  roomsUrl, formatAge, playersText, rowCells, listStatus, refusal, LIST_LIMIT,
} from '../../main/resources/admin/admin.js';

test('the list URL carries the limit and an upper-cased code prefix when there is one', () => {
  assert.equal(roomsUrl(''), `/admin/api/rooms?limit=${LIST_LIMIT}`);
  assert.equal(roomsUrl(' k7 ', 20), '/admin/api/rooms?limit=20&code=K7');
});

test('ages read in their two largest units', () => {
  assert.equal(formatAge(0), '0s');
  assert.equal(formatAge(42), '42s');
  assert.equal(formatAge(303), '5m 3s');
  assert.equal(formatAge(7800), '2h 10m');
  assert.equal(formatAge(3 * 86400), '3d');
  assert.equal(formatAge(-5), '0s');
});

const room = {
  code: 'K7MQ2P',
  status: 'playing',
  version: 12,
  ageSeconds: 65,
  spectators: 2,
  settings: { size: 15, winLength: 5, clock: '5m+3s' },
  members: [
    { seat: 'X', name: 'ana', kind: 'human', state: 'connected' },
    { seat: 'O', name: 'bo', kind: 'human', state: 'dropped' },
  ],
};

test('a row names the board, the players and their state', () => {
  assert.deepEqual(rowCells(room), [
    'K7MQ2P', 'playing', '15×15 k=5, 5m+3s', 'X ana, O bo (dropped)', '2', '1m 5s', '12',
  ]);
  assert.equal(playersText([]), 'nobody seated');
  assert.equal(playersText([{ seat: 'O', name: 'bot (perfect)', kind: 'bot', state: 'connected' }]), 'O bot (perfect)');
});

test('the status line says when the list is cut', () => {
  assert.equal(listStatus({ total: 0, rooms: [] }), 'No live rooms match.');
  assert.equal(listStatus({ total: 1, rooms: [room] }), '1 room.');
  assert.equal(listStatus({ total: 900, rooms: new Array(500).fill(room) }), 'Showing 500 of 900 rooms.');
});

test('a refusal shows the API message, or the status when the body is not JSON', async () => {
  const json = { status: 404, json: async () => ({ code: 'unknown_room', message: 'no room with code AB' }) };
  assert.equal(await refusal(json), 'no room with code AB');
  const text = { status: 502, json: async () => { throw new SyntaxError('not JSON'); } };
  assert.equal(await refusal(text), 'HTTP 502');
});
