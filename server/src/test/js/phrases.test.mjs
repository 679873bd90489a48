import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHRASES, said } from '../../main/resources/web/phrases.js';

const snapshot = { players: { X: { name: 'ana', kind: 'human' }, O: { name: 'bo', kind: 'human' } } };

test('phrases: the eight of the protocol, in its order', () => {
  assert.deepEqual(PHRASES.map(([wire]) => wire),
    ['hello', 'good_luck', 'nice_move', 'oops', 'thanks', 'well_played', 'good_game', 'rematch']);
});

test('a said phrase stands by its seat and names who said it', () => {
  assert.deepEqual(said({ type: 'phrase', seat: 'O', phrase: 'good_game' }, snapshot, 'X'),
    { seat: 'O', who: 'bo (O)', text: 'Good game!' });
  assert.deepEqual(said({ type: 'phrase', seat: 'X', phrase: 'rematch' }, snapshot, 'X'),
    { seat: 'X', who: 'You', text: 'Rematch?' });
  assert.equal(said({ type: 'phrase', seat: 'X', phrase: 'hello' }, snapshot, null).who, 'ana (X)');
});
