import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OwnMove } from '../../main/resources/web/own-move.js';

function snapshot({ version = 5, game = 1, status = 'playing', turn = 'X', board = ['X..', '.O.', '...'], moves = [] } = {}) {
  return { version, game, status, turn, board, moves, settings: { size: 3 } };
}

function sentAt(cell, game = 1) {
  const own = new OwnMove();
  own.sent({ type: 'move', id: 'w1', version: 4, cell }, game);
  return own;
}

test('a lost move that is still legal is sent again with its id, at the current version', () => {
  assert.deepEqual(sentAt(8).again(snapshot(), 'X'), { type: 'move', id: 'w1', version: 5, cell: 8 });
});

test('a move the server has is not sent again', () => {
  const s = snapshot({ moves: [{ seat: 'X', cell: 0, id: 'w1' }], turn: 'O' });
  assert.equal(sentAt(0).again(s, 'X'), null);
  assert.equal(sentAt(8).again(snapshot({ moves: [{ seat: 'X', cell: 8, id: 'w1' }] }), 'X'), null);
});

test('nothing is sent again out of turn, after the game, in another game, on a taken cell, or for a spectator', () => {
  assert.equal(sentAt(8).again(snapshot({ turn: 'O' }), 'X'), null);
  assert.equal(sentAt(8).again(snapshot({ status: 'over', turn: null }), 'X'), null);
  assert.equal(sentAt(8, 1).again(snapshot({ game: 2 }), 'X'), null);
  assert.equal(sentAt(4).again(snapshot(), 'X'), null, 'O holds the centre');
  assert.equal(sentAt(8).again(snapshot(), null), null);
  assert.equal(new OwnMove().again(snapshot(), 'X'), null, 'no move sent yet');
});
