// Quick phrases and their words.
import { playerName } from './announce.js';

/** In the protocol's order. */
export const PHRASES = [
  ['hello', 'Hello!'], ['good_luck', 'Good luck!'], ['nice_move', 'Nice move!'], ['oops', 'Oops!'],
  ['thanks', 'Thanks!'], ['well_played', 'Well played!'], ['good_game', 'Good game!'], ['rematch', 'Rematch?'],
];
const WORDS = new Map(PHRASES);

export const SHOWN_MS = 4000;

/** A `phrase` message as shown: seat, speaker, words. */
export function said(message, snapshot, mySeat) {
  const who = message.seat === mySeat ? 'You' : playerName(snapshot, message.seat);
  return { seat: message.seat, who, text: WORDS.get(message.phrase) || message.phrase };
}
