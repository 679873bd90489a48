// Everything around the board: the two players (with their clocks and the countdown of a
// dropped player's grace), the series score, whose turn it is, the buttons that fit the moment,
// and prompts. Times in the snapshot are the server's: callers pass the server's `now`.
import { playerName, resultText } from './announce.js';

const $ = (id) => document.getElementById(id);
const other = (seat) => (seat === 'X' ? 'O' : 'X');
/** How long before the opponent may claim the game the player to move is warned. */
export const CLAIM_WARNING_MS = 15_000;
/** Below this a running clock is shown as running low. */
export const LOW_TIME_MS = 10_000;
const PER_MOVE = '/move';

/** A clock reading: m:ss, or h:mm:ss from an hour up, rounded up to the second as clocks are. */
export function formatClock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const two = (n) => String(n).padStart(2, '0');
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  return `${Math.floor(seconds / 60)}:${two(seconds % 60)}`;
}

/**
 * The clocks of a timed room at `now`: {X, O (ms or null), running, moveLeft (ms or null),
 * flagged, control}; null for an untimed room. The running side has its clock at the turn's
 * start minus the time since.
 */
export function clockFace(clock, now) {
  if (!clock) return null;
  const running = clock.running;
  const elapsed = running && clock.turnStartedAt !== null ? Math.max(0, now - clock.turnStartedAt) : 0;
  const left = (seat) => {
    if (clock[seat] === null || clock[seat] === undefined) return null;
    if (clock.flagged === seat) return 0;
    return seat === running ? Math.max(0, clock[seat] - elapsed) : clock[seat];
  };
  const moveLeft = running && clock.deadlineAt !== null && clock.control.includes(PER_MOVE)
    ? Math.max(0, clock.deadlineAt - now) : null;
  return { X: left('X'), O: left('O'), running, moveLeft, flagged: clock.flagged, control: clock.control };
}

/**
 * What a player should know about claims at `now` in a game without a clock: {claimable, text}.
 * `claimable` when the idle opponent can be claimed from; `text` also warns the player to move.
 */
export function claimState(snapshot, mine, now) {
  const none = { claimable: false, text: null };
  const at = snapshot.claimableAt;
  if (at === null || at === undefined || !mine || snapshot.status !== 'playing' || !snapshot.turn) return none;
  const opponent = snapshot.players[other(mine)];
  if (!opponent || opponent.kind === 'bot') return none;
  const name = playerName(snapshot, other(mine));
  if (snapshot.turn !== mine) {
    return now >= at ? { claimable: true, text: `${name} has been idle too long: you may claim the game.` } : none;
  }
  if (now >= at) return { claimable: false, text: `Move now: ${name} may claim the game from you.` };
  if (at - now <= CLAIM_WARNING_MS) {
    return { claimable: false, text: `Move soon: ${name} may claim the game in ${Math.ceil((at - now) / 1000)} s.` };
  }
  return none;
}

function clockLineText(snapshot, face) {
  const line = `Clock ${face.control}`;
  if (face.flagged) return `${line} · ${playerName(snapshot, face.flagged)} ran out of time`;
  if (!face.running) return snapshot.status === 'waiting' ? `${line} · starts when both seats are taken` : line;
  return face.moveLeft === null ? line : `${line} · this move ${formatClock(face.moveLeft)} left`;
}

/**
 * Updates what counts down by itself (the clocks, the clock line, the claim button and note)
 * without rebuilding the rest, so a tick several times a second leaves buttons alone.
 */
export function renderTimers(snapshot, mine, now) {
  const face = clockFace(snapshot.clock, now);
  for (const seat of ['X', 'O']) {
    const el = $(`clock-${seat}`);
    if (!el) continue;
    const left = face ? face[seat] : null;
    el.hidden = left === null;
    if (left === null) continue;
    const text = formatClock(left);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle('running', face.running === seat);
    el.classList.toggle('low', face.running === seat && left < LOW_TIME_MS);
    el.classList.toggle('flagged', face.flagged === seat);
    el.setAttribute('aria-label', `${seat}'s clock: ${text}${face.running === seat ? ', running' : ''}`);
  }
  const line = $('clock-line');
  line.hidden = !face;
  if (face) {
    const text = clockLineText(snapshot, face);
    if (line.textContent !== text) line.textContent = text;
  }
  const claim = claimState(snapshot, mine, now);
  $('claim').hidden = !claim.claimable;
  const note = $('claim-note');
  note.hidden = claim.text === null;
  if (claim.text !== null && note.textContent !== claim.text) note.textContent = claim.text;
}

/** Whether something counts down by itself: a running clock or a claim time. */
export function timersRunning(snapshot) {
  const clockRuns = !!(snapshot.clock && snapshot.clock.running);
  const claimPending = snapshot.claimableAt !== null && snapshot.claimableAt !== undefined && snapshot.status === 'playing';
  return clockRuns || claimPending;
}

function show(id, visible) {
  $(id).hidden = !visible;
}

function playerCard(snapshot, seat, mine, now) {
  const card = $(`player-${seat}`);
  const p = snapshot.players[seat];
  card.classList.toggle('to-move', snapshot.turn === seat);
  card.classList.toggle('mine', mine === seat);
  card.classList.toggle('winner', !!snapshot.result && snapshot.result.winner === seat);
  card.textContent = '';
  const mark = document.createElement('span');
  mark.className = `seat-mark mark-${seat.toLowerCase()}`;
  mark.textContent = seat;
  mark.setAttribute('aria-hidden', 'true');
  const body = document.createElement('span');
  body.className = 'who';
  const name = document.createElement('strong');
  name.className = 'name';
  name.textContent = p ? (p.kind === 'bot' ? `Bot (${p.level})` : p.name) : 'Empty seat';
  const detail = document.createElement('span');
  detail.className = 'detail';
  const bits = [];
  if (mine === seat) bits.push('you');
  if (snapshot.result && snapshot.result.winner === seat) bits.push('wins');
  if (p && !p.connected) {
    const left = typeof p.graceUntil === 'number' ? Math.max(0, Math.ceil((p.graceUntil - now) / 1000)) : null;
    bits.push(left === null ? 'disconnected, seat held' : `disconnected, ${left} s to come back`);
    card.classList.add('away');
  } else {
    card.classList.remove('away');
  }
  if (!p) bits.push(snapshot.status === 'waiting' ? 'waiting for a player' : 'free');
  if (snapshot.turn === seat) bits.push('to move');
  detail.textContent = bits.join(' · ');
  body.append(name, detail);
  const clock = document.createElement('span');
  clock.className = 'clock';
  clock.id = `clock-${seat}`;
  clock.hidden = true;
  card.append(mark, body, clock);
  card.setAttribute('aria-label', `${seat}: ${name.textContent}${bits.length ? `, ${bits.join(', ')}` : ''}`);
}

function statusText(snapshot, mine) {
  const moveNo = snapshot.moves.length === 0 ? 'First move' : `Move ${snapshot.moves.length + 1}`;
  switch (snapshot.status) {
    case 'waiting':
      return mine ? 'Waiting for an opponent: share the link, or invite a bot.' : 'Waiting for a second player.';
    case 'playing':
      if (mine && snapshot.turn === mine) return `Your turn (${mine}). ${moveNo}.`;
      return `${playerName(snapshot, snapshot.turn)} to move. ${moveNo}.`;
    case 'over':
      return resultText(snapshot);
    default:
      return '';
  }
}

/** Redraws the room around the board for this member ({@code mine}: its seat, null when watching). */
export function renderRoom(snapshot, mine, now = Date.now()) {
  playerCard(snapshot, 'X', mine, now);
  playerCard(snapshot, 'O', mine, now);
  const s = snapshot.score;
  $('score').textContent = `${s.X} – ${s.O}${s.draws ? ` (${s.draws} drawn)` : ''}`;
  $('game-no').textContent = `Game ${snapshot.game}`;
  $('status').textContent = statusText(snapshot, mine);
  $('status').dataset.status = snapshot.status;
  $('watchers').textContent = snapshot.spectators === 1 ? '1 watching' : `${snapshot.spectators} watching`;

  const player = mine !== null;
  const playing = snapshot.status === 'playing';
  const over = snapshot.status === 'over';
  show('undo', player && playing);
  $('undo').disabled = snapshot.undoRequest === mine;
  show('resign', player && playing);
  show('rematch', player && over);
  const offered = snapshot.rematch.includes(mine);
  $('rematch').disabled = offered;
  $('rematch').textContent = offered ? 'Rematch offered…' : snapshot.rematch.length ? 'Accept rematch' : 'Rematch';
  show('bot-invite', player && (!snapshot.players.X || !snapshot.players.O));
  renderTimers(snapshot, mine, now);
  $('leave').textContent = player ? 'Leave' : 'Stop watching';

  const prompt = $('prompt');
  prompt.textContent = '';
  let text = null;
  if (player && snapshot.undoRequest && snapshot.undoRequest !== mine) {
    text = `${playerName(snapshot, snapshot.undoRequest)} asks to take back a move.`;
  } else if (player && snapshot.undoRequest === mine) {
    text = 'Takeback asked: waiting for the answer.';
  } else if (player && over && snapshot.rematch.length && !offered) {
    text = `${playerName(snapshot, other(mine))} offers a rematch.`;
  }
  prompt.hidden = text === null;
  if (text !== null) {
    const p = document.createElement('span');
    p.textContent = text;
    prompt.append(p);
    if (snapshot.undoRequest && snapshot.undoRequest !== mine) {
      for (const [id, label] of [['undo-accept', 'Accept'], ['undo-decline', 'Decline']]) {
        const b = document.createElement('button');
        b.type = 'button';
        b.id = id;
        b.textContent = label;
        if (id === 'undo-accept') b.className = 'primary';
        prompt.append(b);
      }
    }
  }
}

/** Whether a seat is waiting out its grace, so the countdown needs a tick. */
export function anyoneAway(snapshot) {
  return ['X', 'O'].some((seat) => snapshot.players[seat] && !snapshot.players[seat].connected);
}
