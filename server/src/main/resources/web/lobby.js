// The start page: a name, a new room with its settings, or a code to join.
import { normalizeCode } from './code.js';

const $ = (id) => document.getElementById(id);
const NAME_KEY = 'ttt.name';
export const MIN_SIZE = 3;
export const MAX_SIZE = 19;

export function savedName() {
  return (localStorage.getItem(NAME_KEY) || '').trim();
}

export function saveName(name) {
  localStorage.setItem(NAME_KEY, name.trim());
}

/**
 * A clock choice: a select of common time controls with "custom" revealing a text field. Returns
 * a function giving the time control to send (the protocol's text, e.g. "3m+2s"), or null.
 */
export function clockChoice(selectId, customId, customFieldId) {
  const select = $(selectId);
  const toggle = () => { $(customFieldId).hidden = select.value !== 'custom'; };
  select.addEventListener('change', toggle);
  toggle();
  return () => {
    if (select.value === 'custom') return $(customId).value.trim() || null;
    return select.value || null;
  };
}

function fillWinLengths(size, keep) {
  const select = $('win-length');
  const previous = keep ? Number(select.value) : null;
  select.textContent = '';
  for (let k = 3; k <= size; k++) select.append(new Option(String(k), String(k)));
  select.value = String(previous && previous <= size ? previous : Math.min(size, 5));
}

/**
 * Wires the forms. {onCreate(settings, name), onJoin(code, name, spectate), onError(text)}.
 */
export function setUpLobby({ onCreate, onJoin, onError }) {
  const size = $('size');
  for (let n = MIN_SIZE; n <= MAX_SIZE; n++) {
    const label = n === 3 ? '3 × 3 (classic)' : n === 15 ? '15 × 15 (gomoku)' : `${n} × ${n}`;
    size.append(new Option(label, String(n)));
  }
  size.value = '3';
  fillWinLengths(3, false);
  size.addEventListener('change', () => fillWinLengths(Number(size.value), false));
  $('name').value = savedName();
  const clock = clockChoice('clock', 'clock-custom', 'clock-custom-field');

  const name = () => {
    const value = $('name').value.trim();
    if (!value) {
      onError('Please enter your name first.');
      $('name').focus();
      return null;
    }
    saveName(value);
    return value;
  };

  $('create-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const who = name();
    if (!who) return;
    const opponent = $('opponent').value;
    onCreate({
      size: Number(size.value),
      winLength: Number($('win-length').value),
      seat: $('seat').value,
      first: $('first').value,
      earlyDraw: $('early-draw').checked,
      spectators: $('spectators').checked,
      bot: opponent === 'friend' ? null : opponent,
      clock: clock(),
    }, who);
  });

  const join = (spectate) => {
    const typed = $('join-code').value;
    const code = normalizeCode(typed);
    if (!code) {
      onError(`"${typed.trim()}" is not a room code: codes are 6 letters and digits, like K7MQ2P.`);
      $('join-code').focus();
      return;
    }
    const who = name();
    if (!who) return;
    onJoin(code, who, spectate);
  };
  $('join-form').addEventListener('submit', (e) => { e.preventDefault(); join(false); });
  $('watch').addEventListener('click', () => join(true));
}
