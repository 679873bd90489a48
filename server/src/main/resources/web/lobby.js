// The start page: a name, a new room with its settings, a quick match, or a code to join.
import { normalizeCode } from './code.js';
import { MatchSearch, playerId } from './match.js';

const $ = (id) => document.getElementById(id);
const NAME_KEY = 'ttt.name';
export const MIN_SIZE = 3;
export const MAX_SIZE = 19;
/** How long a quick match waits for a person before the bot, unless the form says otherwise. */
export const DEFAULT_BOT_AFTER_S = 10;
/** What the one-click tiles play: the classic game. */
export const CLASSIC = { size: 3, winLength: 3, seat: 'random', first: 'X', earlyDraw: true, spectators: true, clock: null };
/** The bot of the "Play the bot" tile. */
export const TILE_BOT = 'medium';

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

function fillWinLengths(select, size, keep) {
  const previous = keep ? Number(select.value) : null;
  select.textContent = '';
  for (let k = 3; k <= size; k++) select.append(new Option(String(k), String(k)));
  select.value = String(previous && previous <= size ? previous : Math.min(size, 5));
}

/** A board select and its win-length select, kept in step. */
function boardChoice(sizeId, winLengthId) {
  const size = $(sizeId);
  for (let n = MIN_SIZE; n <= MAX_SIZE; n++) {
    const label = n === 3 ? '3 × 3 (classic)' : n === 15 ? '15 × 15 (gomoku)' : `${n} × ${n}`;
    size.append(new Option(label, String(n)));
  }
  size.value = '3';
  fillWinLengths($(winLengthId), 3, false);
  size.addEventListener('change', () => fillWinLengths($(winLengthId), Number(size.value), false));
  return () => ({ size: Number(size.value), winLength: Number($(winLengthId).value) });
}

/** What the quick-match line says while waiting: "Waiting for an opponent… (position 1, 3 waiting) 0:12". */
export function waitingText(status, waitedMs) {
  const s = Math.floor(waitedMs / 1000);
  const clock = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  const where = status ? ` (position ${status.position}, ${status.waiting} waiting)` : '';
  return `Waiting for an opponent…${where} ${clock}`;
}

/**
 * Wires the forms. {onCreate(settings, name), onJoin(code, name, spectate),
 * onMatched(answer, name, late), onError(text)}; `late` when the pairing came as the user
 * cancelled. Returns {cancelMatch()} to withdraw a waiting quick match (when the page goes
 * elsewhere).
 */
export function setUpLobby({ onCreate, onJoin, onMatched, onError }) {
  const board = boardChoice('size', 'win-length');
  const clock = clockChoice('clock', 'clock-custom', 'clock-custom-field');
  $('name').value = savedName();

  // The tiles play at once: without a name the player is a guest, named once and kept.
  const nameOrGuest = () => {
    if (!$('name').value.trim()) $('name').value = `Guest ${String(Math.floor(Math.random() * 9000) + 1000)}`;
    return name();
  };
  $('play-friend').addEventListener('click', () => onCreate({ ...CLASSIC, bot: null }, nameOrGuest()));
  $('play-bot').addEventListener('click', () => onCreate({ ...CLASSIC, bot: TILE_BOT }, nameOrGuest()));
  $('play-match').addEventListener('click', () => {
    nameOrGuest();
    $('match-form').requestSubmit();
  });

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
      ...board(),
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

  return setUpQuickMatch({ name, onMatched, onError });
}

function setUpQuickMatch({ name, onMatched, onError }) {
  const board = boardChoice('match-size', 'match-win-length');
  const clock = clockChoice('match-clock', 'match-clock-custom', 'match-clock-custom-field');
  const bot = $('match-bot');
  bot.addEventListener('change', () => { $('match-bot-fields').hidden = !bot.checked; });
  let search = null;

  const waiting = (on) => {
    $('match-fields').disabled = on;
    $('match').hidden = on;
    $('play-match').disabled = on;
    $('match-waiting').hidden = !on;
    if (on) $('match-status').textContent = waitingText(null, 0);
  };

  $('match-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (search) return;
    const who = name();
    if (!who) return;
    const after = Number($('match-bot-after').value) || DEFAULT_BOT_AFTER_S;
    const request = {
      player: playerId(),
      name: who,
      ...board(),
      clock: clock(),
      bot: bot.checked ? $('match-bot-level').value : null,
      botAfter: bot.checked ? `${after}s` : null,
    };
    const current = new MatchSearch(request, {
      onWaiting: (status, waitedMs) => { $('match-status').textContent = waitingText(status, waitedMs); },
    });
    search = current;
    waiting(true);
    $('match-cancel').focus();
    try {
      const answer = await current.run();
      if (answer.status === 'matched') onMatched(answer, who, current.cancelled);
    } catch (err) {
      onError(err.message);
    } finally {
      search = null;
      waiting(false);
    }
  });
  $('match-cancel').addEventListener('click', () => { if (search) search.cancel(); });
  return { cancelMatch: () => { if (search) search.cancel(); } };
}
