// A finished game as the server's engine judged it (GET /api/rooms/{code}/games/{n}/analysis):
// asked for once per game and kept for the page's life, and put into words and a bar. No DOM
// here: fetch and the timer are handed in, so node's tests drive it.

/** Answers "busy" (429, 503) taken before the page stops asking for that game. */
export const MAX_TRIES = 4;
/** The wait before asking again when a busy answer names none. */
export const DEFAULT_RETRY_MS = 2_000;
/** The longest wait between two tries, whatever the answer asks. */
export const MAX_RETRY_MS = 10_000;
/** The bar never fills past this for an evaluation, so only a decided game looks decided. */
const EVAL_BOUND = 0.9;

/** Each verdict's sign on the move list, and its word. */
export const MARKS = {
  best: { sign: '✓', word: 'best move' },
  good: { sign: '', word: '' },
  inaccuracy: { sign: '?!', word: 'inaccuracy' },
  mistake: { sign: '?', word: 'mistake' },
  blunder: { sign: '??', word: 'blunder' },
};

const SEATS = new Set(['X', 'O', null]);
const isInt = (v) => Number.isInteger(v);

/**
 * The analysis body checked for the fields the page reads; null when it is not what the protocol
 * says (the page then shows nothing rather than something wrong).
 */
export function readAnalysis(body) {
  if (!body || typeof body !== 'object') return null;
  const { thresholds, positions, moves } = body;
  if (!thresholds || !isInt(thresholds.decided) || !isInt(thresholds.blunder)) return null;
  if (!Array.isArray(positions) || !Array.isArray(moves) || positions.length !== moves.length + 1) return null;
  const positionOk = (p) => p && SEATS.has(p.toMove) && typeof p.exact === 'boolean' && isInt(p.score)
    && (p.best === null || isInt(p.best));
  const moveOk = (m) => m && isInt(m.cell) && (m.seat === 'X' || m.seat === 'O') && m.verdict in MARKS && isInt(m.loss);
  if (!positions.every(positionOk) || !moves.every(moveOk)) return null;
  return { thresholds, positions, moves };
}

/**
 * A position's value for the bar and in words: {text, label, fraction (of the bar that is X's),
 * solved}. A proven value is said exactly; an evaluation is in hundreds of points, its bar bounded.
 */
export function describePosition(position, thresholds) {
  const { score, exact } = position;
  const decided = thresholds.decided;
  if (Math.abs(score) >= decided) {
    const winner = score > 0 ? 'X' : 'O';
    const text = exact ? `${winner} wins` : `${winner} wins by force`;
    return { text, label: exact ? `Solved: ${winner} wins` : `Engine: ${winner} has a forced win`, fraction: score > 0 ? 1 : 0, solved: exact };
  }
  if (exact && score === 0) return { text: 'Draw', label: 'Solved: draw', fraction: 0.5, solved: true };
  const fraction = 0.5 + (EVAL_BOUND / 2) * Math.tanh(score / thresholds.blunder);
  if (score === 0) return { text: 'Even', label: 'Engine evaluation: even', fraction, solved: false };
  const side = score > 0 ? 'X' : 'O';
  const amount = (Math.abs(score) / 100).toFixed(1);
  return { text: `${side} +${amount}`, label: `Engine evaluation: ${side} better by ${amount}`, fraction, solved: false };
}

/**
 * What the page shows of {@code entry} (from {@link AnalysisCache#get}) at {@code step} of a game of
 * {@code moveCount} moves: {value (describePosition), best (a cell or null), verdicts}; null until
 * the analysis is there, or when it does not fit the game on show.
 */
export function analysisAt(entry, moveCount, step) {
  if (!entry || entry.state !== 'ready') return null;
  const a = entry.analysis;
  if (a.moves.length !== moveCount || step < 0 || step > moveCount) return null;
  const position = a.positions[step];
  return {
    value: describePosition(position, a.thresholds),
    best: position.best,
    verdicts: a.moves.map((m) => m.verdict),
  };
}

/** The wait a busy answer asks for ({@code Retry-After} in seconds), bounded. */
export function retryDelay(retryAfter) {
  const seconds = Number(retryAfter);
  if (retryAfter === null || retryAfter === undefined || retryAfter === '' || !Number.isFinite(seconds) || seconds < 0) {
    return DEFAULT_RETRY_MS;
  }
  return Math.min(MAX_RETRY_MS, seconds * 1000);
}

/**
 * The analyses of a room's games, each asked for once. An entry's {@code state} is 'loading',
 * 'ready' (with {@code analysis}), or, with a quiet {@code note}: 'waiting' (busy, asking again
 * soon), 'busy' (gave up after {@link MAX_TRIES}), 'missing' (the server keeps no such game) or
 * 'failed'. {@code onChange} is called whenever an entry changes.
 */
export class AnalysisCache {
  constructor({ fetch = globalThis.fetch.bind(globalThis), setTimeout = globalThis.setTimeout.bind(globalThis), onChange = () => {} } = {}) {
    this.fetch = fetch;
    this.setTimeout = setTimeout;
    this.onChange = onChange;
    this.entries = new Map();
  }

  /** The entry of game {@code game} of room {@code code}; the first call asks the server. */
  get(code, game) {
    const key = `${code}/${game}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { state: 'loading', note: 'Analysing…' };
      this.entries.set(key, entry);
      this.load(`/api/rooms/${encodeURIComponent(code)}/games/${game}/analysis`, entry, 1);
    }
    return entry;
  }

  async load(url, entry, attempt) {
    let answer;
    let body = null;
    try {
      answer = await this.fetch(url, { cache: 'no-store' });
      if (answer.ok) body = await answer.json();
    } catch (e) {
      this.settle(entry, 'failed', 'The analysis could not be fetched.');
      return;
    }
    if (answer.status === 429 || answer.status === 503) {
      if (attempt >= MAX_TRIES) {
        this.settle(entry, 'busy', 'The server is busy: no analysis for now.');
        return;
      }
      this.settle(entry, 'waiting', 'The server is busy; asking again…');
      this.setTimeout(() => this.load(url, entry, attempt + 1), retryDelay(answer.headers.get('Retry-After')));
      return;
    }
    if (answer.status === 404) {
      this.settle(entry, 'missing', 'No analysis: the server does not keep this game.');
      return;
    }
    const analysis = answer.ok ? readAnalysis(body) : null;
    if (!analysis) {
      this.settle(entry, 'failed', 'The analysis could not be read.');
      return;
    }
    entry.analysis = analysis;
    this.settle(entry, 'ready', '');
  }

  settle(entry, state, note) {
    entry.state = state;
    entry.note = note;
    this.onChange();
  }
}
