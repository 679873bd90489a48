import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeTimers } from './fakes.mjs';
import {
  AnalysisCache, MAX_TRIES, DEFAULT_RETRY_MS, MAX_RETRY_MS, analysisAt, describePosition, readAnalysis, retryDelay,
} from '../../main/resources/web/analysis.js';

const thresholds = { inaccuracy: 100, mistake: 250, blunder: 600, decided: 10000 };

// X centre, O on an edge (losing), X a corner: as the server judges the start of such a game.
const body = {
  room: 'K7MQ2P',
  game: 1,
  thresholds,
  positions: [
    { toMove: 'X', exact: true, score: 0, best: 4 },
    { toMove: 'O', exact: true, score: 0, best: 0 },
    { toMove: 'X', exact: true, score: 10000, best: 0 },
    { toMove: 'O', exact: true, score: 10000, best: 8 },
  ],
  moves: [
    { cell: 4, seat: 'X', verdict: 'best', loss: 0 },
    { cell: 1, seat: 'O', verdict: 'blunder', loss: 10000 },
    { cell: 0, seat: 'X', verdict: 'best', loss: 0 },
  ],
};

/** A fetch answering from a list, one answer per call, each recorded. */
function fakeFetch(answers) {
  const calls = [];
  const fetch = async (url) => {
    calls.push(url);
    const a = answers.shift();
    if (a instanceof Error) throw a;
    return {
      status: a.status,
      ok: a.status >= 200 && a.status < 300,
      headers: { get: (name) => (name === 'Retry-After' ? a.retryAfter ?? null : null) },
      json: async () => a.body,
    };
  };
  return { fetch, calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a solved position is said exactly; the bar is full, empty or halved', () => {
  assert.deepEqual(describePosition({ exact: true, score: 10000 }, thresholds),
    { text: 'X wins', label: 'Solved: X wins', fraction: 1, solved: true });
  assert.equal(describePosition({ exact: true, score: -10000 }, thresholds).text, 'O wins');
  assert.equal(describePosition({ exact: true, score: -10000 }, thresholds).fraction, 0);
  assert.deepEqual(describePosition({ exact: true, score: 0 }, thresholds),
    { text: 'Draw', label: 'Solved: draw', fraction: 0.5, solved: true });
  // A win found by threats, not by a full solve.
  assert.equal(describePosition({ exact: false, score: 10000 }, thresholds).text, 'X wins by force');
});

test('an evaluation is in hundreds of points, its bar bounded short of a decided game', () => {
  const open3 = describePosition({ exact: false, score: 340 }, thresholds);
  assert.equal(open3.text, 'X +3.4');
  assert.equal(open3.label, 'Engine evaluation: X better by 3.4');
  assert.ok(open3.fraction > 0.5 && open3.fraction < 1);
  const huge = describePosition({ exact: false, score: -9999 }, thresholds);
  assert.equal(huge.text, 'O +100.0');
  assert.ok(huge.fraction >= 0.05 && huge.fraction < 0.1);
  assert.equal(describePosition({ exact: false, score: 0 }, thresholds).text, 'Even');
});

test('an analysis that is not the protocol\'s is not shown', () => {
  assert.ok(readAnalysis(body));
  assert.equal(readAnalysis(null), null);
  assert.equal(readAnalysis({ ...body, positions: body.positions.slice(1) }), null);
  assert.equal(readAnalysis({ ...body, moves: [{ ...body.moves[0], verdict: 'brilliant' }, ...body.moves.slice(1)] }), null);
  assert.equal(readAnalysis({ ...body, thresholds: {} }), null);
});

test('at each step: the value of the position, its best move, and every move\'s verdict', () => {
  const entry = { state: 'ready', analysis: readAnalysis(body) };
  const start = analysisAt(entry, 3, 0);
  assert.equal(start.value.text, 'Draw');
  assert.equal(start.best, 4);
  assert.deepEqual(start.verdicts, ['best', 'blunder', 'best']);
  assert.equal(analysisAt(entry, 3, 2).value.text, 'X wins');
  assert.equal(analysisAt(entry, 3, 2).best, 0);
  // Not ready, or for another game than the one on show: nothing.
  assert.equal(analysisAt({ state: 'loading' }, 3, 0), null);
  assert.equal(analysisAt(null, 3, 0), null);
  assert.equal(analysisAt(entry, 5, 0), null);
});

test('a busy server is asked again after its Retry-After, bounded', () => {
  assert.equal(retryDelay('3'), 3000);
  assert.equal(retryDelay(null), DEFAULT_RETRY_MS);
  assert.equal(retryDelay('soon'), DEFAULT_RETRY_MS);
  assert.equal(retryDelay('3600'), MAX_RETRY_MS);
});

test('each game is fetched once and kept', async () => {
  const { fetch, calls } = fakeFetch([{ status: 200, body }]);
  let changes = 0;
  const cache = new AnalysisCache({ fetch, setTimeout: () => assert.fail('no retry'), onChange: () => { changes += 1; } });
  assert.equal(cache.get('K7MQ2P', 1).state, 'loading');
  cache.get('K7MQ2P', 1);
  await settle();
  assert.deepEqual(calls, ['/api/rooms/K7MQ2P/games/1/analysis']);
  assert.equal(cache.get('K7MQ2P', 1).state, 'ready');
  assert.equal(changes, 1);
  assert.equal(calls.length, 1);
});

test('busy answers are retried after their wait, then given up quietly', async () => {
  const timers = new FakeTimers();
  const busy = Array.from({ length: MAX_TRIES }, (_, i) => ({ status: i % 2 ? 503 : 429, retryAfter: '2' }));
  const { fetch, calls } = fakeFetch(busy);
  const cache = new AnalysisCache({ fetch, setTimeout: timers.setTimeout });
  cache.get('K7MQ2P', 2);
  await settle();
  assert.equal(cache.get('K7MQ2P', 2).state, 'waiting');
  for (let i = 1; i < MAX_TRIES; i++) {
    timers.advance(1999);
    assert.equal(calls.length, i);
    timers.advance(1);
    await settle();
  }
  assert.equal(calls.length, MAX_TRIES);
  const entry = cache.get('K7MQ2P', 2);
  assert.equal(entry.state, 'busy');
  assert.match(entry.note, /busy/);
  timers.advance(60_000);
  assert.equal(calls.length, MAX_TRIES);
});

test('a busy answer then the analysis: ready', async () => {
  const timers = new FakeTimers();
  const { fetch } = fakeFetch([{ status: 429 }, { status: 200, body }]);
  const cache = new AnalysisCache({ fetch, setTimeout: timers.setTimeout });
  cache.get('K7MQ2P', 1);
  await settle();
  timers.advance(DEFAULT_RETRY_MS);
  await settle();
  assert.equal(cache.get('K7MQ2P', 1).state, 'ready');
});

test('a game not kept, a broken answer and a failed fetch each say so once', async () => {
  const { fetch, calls } = fakeFetch([{ status: 404 }, { status: 200, body: { nonsense: true } }, new TypeError('offline'), { status: 500 }]);
  const cache = new AnalysisCache({ fetch, setTimeout: () => assert.fail('no retry') });
  for (const game of [1, 2, 3, 4]) cache.get('AB', game);
  await settle();
  assert.equal(cache.get('AB', 1).state, 'missing');
  assert.match(cache.get('AB', 1).note, /does not keep/);
  assert.equal(cache.get('AB', 2).state, 'failed');
  assert.equal(cache.get('AB', 3).state, 'failed');
  assert.equal(cache.get('AB', 4).state, 'failed');
  assert.equal(calls.length, 4);
});
