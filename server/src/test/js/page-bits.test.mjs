import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coord, rowName, columnName } from '../../main/resources/web/coords.js';
import { notesFor } from '../../main/resources/web/sound.js';
import { starPoints } from '../../main/resources/web/board.js';

test('coordinates: a column letter and a row counted from the top, as the terminal client', () => {
  assert.equal(coord(3, 4), 'b2');
  assert.equal(coord(3, 0), 'a1');
  assert.equal(coord(3, 8), 'c3');
  assert.equal(coord(15, 7 * 15 + 7), 'h8');
  assert.equal(columnName(18), 's');
  assert.equal(rowName(19, 18), '19');
});

test('star points: the centre, and the four 4-4 points from 13 up', () => {
  assert.deepEqual(starPoints(7), [[3, 3]]);
  assert.deepEqual(starPoints(15), [[7, 7], [3, 3], [3, 11], [11, 3], [11, 11]]);
  assert.deepEqual(starPoints(10), [[2, 2], [2, 7], [7, 2], [7, 7]]);
});

test('sounds: one note for a move, a rising phrase for a win, a falling one for a loss', () => {
  const playing = { status: 'playing', result: null };
  assert.deepEqual(notesFor({ kind: 'moved', seat: 'X' }, playing, 'X').length, 1);
  assert.notDeepEqual(notesFor({ kind: 'moved', seat: 'X' }, playing, 'X'), notesFor({ kind: 'moved', seat: 'O' }, playing, 'X'));
  const won = { status: 'over', result: { winner: 'X' } };
  const [a, , c] = notesFor({ kind: 'moved', seat: 'X' }, won, 'X');
  assert.ok(c > a);
  const [d, , f] = notesFor({ kind: 'resigned', seat: 'X' }, { status: 'over', result: { winner: 'O' } }, 'X');
  assert.ok(f < d);
  assert.deepEqual(notesFor({ kind: 'joined' }, playing, 'X'), []);
  assert.deepEqual(notesFor(null, playing, 'X'), []);
});
