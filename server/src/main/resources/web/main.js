// The page: the lobby at "/", a room at "/r/CODE". Wires the connection, the room state, the
// board, the review and the words together.
import { normalizeCode, roomLink } from './code.js';
import { RoomState } from './room-state.js';
import { RoomConnection, storedSeat, storeSeat, forgetSeat } from './connection.js';
import { BoardView, STONES_FROM } from './board.js';
import { renderRoom, renderTimers, timersRunning, anyoneAway } from './room-view.js';
import { Review } from './review.js';
import { AnalysisCache } from './analysis.js';
import { reviewed, renderAnalysis } from './eval-bar.js';
import { setUpLobby, savedName, saveName } from './lobby.js';
import { announce, describe } from './announce.js';
import { renderMoves } from './move-list.js';
import { OwnMove } from './own-move.js';
import { setUpSound, soundFor } from './sound.js';
import { ask } from './confirm.js';
import { notice, showConnection, hideConnection, signalTurn } from './page-status.js';
import { PHRASES, said, SHOWN_MS } from './phrases.js';

const $ = (id) => document.getElementById(id);
/** How often running clocks and claim times are redrawn. */
const TICK_MS = 200;
const HISTORY_EVENTS = new Set(['resigned', 'game_over', 'rematch_started']);

let code = null;
let connection = null;
let state = new RoomState();
let moveCounter = 0;
let online = false;
let lobby = null;

const ownMove = new OwnMove();
const board = new BoardView($('board'), (cell) => {
  moveCounter += 1;
  const move = { type: 'move', id: `w${Date.now().toString(36)}${moveCounter}`, version: state.version, cell };
  if (send(move)) ownMove.sent(move, state.snapshot.game);
});
const review = new Review(draw);
const analyses = new AnalysisCache({ onChange: draw });
const phraseTimers = {};


function send(message) {
  if (connection && connection.send(message)) return true;
  notice('Not connected: wait for the connection to come back.');
  return false;
}


/** The connection line in the header, for the states RoomConnection reports. */
function connectionStatus(kind, { until, why } = {}) {
  showConnection(kind, { until, why });
  // Without a live socket a click could not be sent: the board waits with the link.
  const wasOnline = online;
  online = kind === 'online';
  if (online !== wasOnline) draw();
  switch (kind) {
    case 'gone':
      goneRoom();
      return;
    case 'left':
      if (code) showLobby();
      return;
    case 'replaced':
      notice(`${why}. Reload to play here again.`);
      return;
    case 'closed':
      notice(`${why}.`);
      return;
    default:
  }
}

function goneRoom() {
  forgetSeat(code);
  notice(`There is no room ${code} any more. Start a new one.`);
  showLobby();
}


function draw() {
  const s = state.snapshot;
  if (!s) return;
  review.setSnapshot(s);
  const live = review.isLive();
  const myTurn = state.seat !== null && s.status === 'playing' && s.turn === state.seat;
  const { entry, judged } = reviewed(analyses, review, code, live);
  const position = live
    ? { size: s.settings.size, board: s.board, lastMove: s.lastMove, line: s.result ? s.result.line : [], playable: myTurn && online }
    : { ...review.view(), playable: false, best: judged ? judged.best : null };
  board.render(position);
  $('game').classList.toggle('stones', s.settings.size >= STONES_FROM);
  $('board').closest('.board-wrap').classList.toggle('reviewing', !live);
  renderRoom(s, state.seat, state.now());
  // An old position is never shown under words about the live one.
  $('status').hidden = !live;
  $('review-bar').hidden = live;
  if (!live) $('review-bar-text').textContent = review.describe();
  renderAnalysis(entry, judged);
  $('status').dataset.mine = myTurn ? 'turn' : '';
  $('phrases').hidden = state.seat === null;
  renderMoves(s.settings.size, review.moves(), review.current(), (step) => review.go(step), judged && judged.verdicts);
  signalTurn(`Room ${code} · Tic-tac-toe`, myTurn);
}

function onMessage(m) {
  switch (m.type) {
    case 'welcome':
    case 'snapshot':
    case 'diff': {
      const result = state.receive(m);
      if (result.sync !== undefined) send({ type: 'sync', lastVersion: result.sync });
      if (m.type === 'welcome') {
        $('join-card').hidden = true;
        $('game').hidden = false;
        send({ type: 'history' });
        const again = ownMove.again(state.snapshot, state.seat);
        if (again && send(again)) notice('Your last move did not reach the server: sent again.');
      }
      if (!result.changed) return;
      draw();
      if (result.event) {
        announce(describe(result.event, state.snapshot));
        soundFor(result.event, state.snapshot, state.seat);
        const ended = result.event.kind === 'moved' && state.snapshot.status === 'over';
        if (ended || HISTORY_EVENTS.has(result.event.kind)) send({ type: 'history' });
      }
      return;
    }
    case 'phrase':
      showPhrase(m);
      return;
    case 'history':
      review.setHistory(m.games);
      draw();
      return;
    case 'error':
      notice(m.message);
      if (m.ref === 'join') {
        if (m.code === 'not_a_player') forgetSeat(code);
        stopConnection();
        showJoinCard();
      }
      return;
    default:
  }
}

/** By the speaker's card for a while; its live region reads it. */
function showPhrase(m) {
  if (!state.snapshot) return;
  const { seat, who, text } = said(m, state.snapshot, state.seat);
  const bubble = $(`said-${seat}`);
  bubble.textContent = `${who}: ${text}`;
  clearTimeout(phraseTimers[seat]);
  phraseTimers[seat] = setTimeout(() => { bubble.textContent = ''; }, SHOWN_MS);
}

function stopConnection() {
  if (connection) connection.stop();
  connection = null;
}

function connect(name, spectate) {
  stopConnection();
  state = new RoomState();
  ownMove.last = null;
  connection = new RoomConnection(code, { name, spectate, lastVersion: () => state.version, onMessage, onStatus: connectionStatus });
  connection.start();
}

function showJoinCard() {
  $('join-card').hidden = false;
  $('game').hidden = true;
  $('join-card-code').textContent = code;
  $('join-card-name').value = savedName();
}

function showLobby() {
  stopConnection();
  code = null;
  hideConnection();
  $('room').hidden = true;
  $('lobby').hidden = false;
  signalTurn('Tic-tac-toe', false);
  if (location.pathname !== '/') history.pushState(null, '', '/');
}


/** A link to a room: the join card only once the room is known to exist. */
async function checkRoom(c) {
  $('room-check').hidden = false;
  let gone = false;
  try {
    gone = (await fetch(`/api/rooms/${c}`, { cache: 'no-store' })).status === 404;
  } catch (e) {
    // The server cannot be reached: offer the card; joining will say so.
  }
  if (code !== c) return;
  $('room-check').hidden = true;
  if (gone) goneRoom();
  else showJoinCard();
}

/** Opens room {@code c}: joins at once when this browser holds its seat or was asked to join. */
function enterRoom(c, join) {
  if (lobby) lobby.cancelMatch();
  code = c;
  const path = `/r/${c}`;
  if (location.pathname !== path) history.pushState(null, '', path);
  document.title = `Room ${c} · Tic-tac-toe`;
  $('lobby').hidden = true;
  $('room').hidden = false;
  $('room-code').textContent = c;
  $('room-check').hidden = true;
  $('room-link').value = roomLink(c);
  $('game').hidden = true;
  $('join-card').hidden = true;
  const held = storedSeat(c);
  if (join) connect(join.name, join.spectate);
  else if (held && held.token) connect(savedName() || 'Player', false);
  else checkRoom(c);
}

function route() {
  const m = location.pathname.match(/^\/r\/([^/]+)\/?$/);
  if (!m) {
    showLobby();
    return;
  }
  const c = normalizeCode(decodeURIComponent(m[1]));
  if (!c) {
    notice(`"${m[1]}" is not a room code.`);
    showLobby();
    return;
  }
  if (c !== m[1]) history.replaceState(null, '', `/r/${c}`);
  enterRoom(c, null);
}

async function createRoom(settings, name) {
  try {
    const answer = await fetch('/api/rooms', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });
    const body = await answer.json();
    if (!answer.ok) {
      notice(body.message || 'The room could not be created.');
      return;
    }
    enterRoom(body.code, { name, spectate: false });
  } catch (e) {
    notice('The server cannot be reached.');
  }
}

/** A quick match paired us: keep the seat token as a join would, and go to the room. */
function matched(answer, name, late) {
  storeSeat(answer.code, answer.seat, answer.token);
  enterRoom(answer.code, { name, spectate: false });
  const opponent = answer.opponent.kind === 'bot' ? `a ${answer.opponent.level} bot` : answer.opponent.name;
  announce(`Quick match: you play ${answer.seat} against ${opponent}.`);
  if (late) notice(`Paired with ${opponent} just as you cancelled: the seat is yours; leave if you do not want to play.`);
}

function wire() {
  lobby = setUpLobby({
    onCreate: createRoom,
    onJoin: (c, name, spectate) => enterRoom(c, { name, spectate }),
    onMatched: matched,
    onError: notice,
  });
  const joinFromCard = (spectate) => {
    const name = $('join-card-name').value.trim();
    if (!name) {
      notice('Please enter your name first.');
      $('join-card-name').focus();
      return;
    }
    saveName(name);
    $('join-card').hidden = true;
    connect(name, spectate);
  };
  $('join-card-play').addEventListener('click', () => joinFromCard(false));
  $('join-card-watch').addEventListener('click', () => joinFromCard(true));
  $('copy-link').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('room-link').value);
      $('copy-link').textContent = 'Copied';
    } catch (e) {
      $('room-link').select();
      $('copy-link').textContent = 'Press Ctrl+C';
    }
    setTimeout(() => { $('copy-link').textContent = 'Copy link'; }, 2000);
  });
  $('undo').addEventListener('click', () => send({ type: 'undo' }));
  $('resign').addEventListener('click', async () => {
    if (await ask('Resign this game? Your opponent wins it.', 'Resign')) send({ type: 'resign' });
  });
  $('rematch').addEventListener('click', () => send({ type: 'rematch' }));
  for (const [phrase, words] of PHRASES) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.phrase = phrase;
    button.textContent = words;
    button.addEventListener('click', () => send({ type: 'phrase', phrase }));
    $('phrases').append(button);
  }
  $('invite-bot').addEventListener('click', () => send({ type: 'invite_bot', level: $('bot-level').value }));
  $('prompt').addEventListener('click', (e) => {
    if (e.target.id === 'undo-accept') send({ type: 'undo_reply', accept: true });
    if (e.target.id === 'undo-decline') send({ type: 'undo_reply', accept: false });
  });
  $('leave').addEventListener('click', async () => {
    const s = state.snapshot;
    const inPlay = s && state.seat !== null && s.status === 'playing' && s.players.X && s.players.O;
    if (inPlay && !(await ask('Leave this game? Leaving gives the game up.', 'Leave and give up'))) return;
    send({ type: 'leave' });
    forgetSeat(code);
    showLobby();
  });
  $('review-live').addEventListener('click', () => review.go(Infinity));
  $('reconnect').addEventListener('click', () => enterRoom(code, { name: savedName() || 'Player', spectate: !storedSeat(code) }));
  window.addEventListener('popstate', route);
  setUpSound($('sound'));
  $('claim').addEventListener('click', () => send({ type: 'claim' }));
  // The grace countdown of a dropped player, once a second while someone is away.
  setInterval(() => {
    if (state.snapshot && code && anyoneAway(state.snapshot)) renderRoom(state.snapshot, state.seat, state.now());
  }, 1000);
  // Clocks and claim times, often enough to turn each second on time; only their text changes.
  setInterval(() => {
    if (state.snapshot && code && timersRunning(state.snapshot)) renderTimers(state.snapshot, state.seat, state.now());
  }, TICK_MS);
}

wire();
route();
