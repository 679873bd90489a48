// Everything around the board: the two players (with the countdown of a dropped player's
// grace), the series score, whose turn it is, the buttons that fit the moment, and prompts.
import { playerName, resultText } from './announce.js';

const $ = (id) => document.getElementById(id);
const other = (seat) => (seat === 'X' ? 'O' : 'X');

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
  card.append(mark, body);
  card.setAttribute('aria-label', `${seat}: ${name.textContent}${bits.length ? `, ${bits.join(', ')}` : ''}`);
}

function statusText(snapshot, mine) {
  const moveNo = `Move ${snapshot.moves.length}`;
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
