// The analysis of a reviewed game on the page: a bar beside the board (X's share from the bottom),
// the value in words in the review bar, a quiet note while it loads or when there is none, and
// the legend of the marks on the move list.

import { analysisAt } from './analysis.js';

const $ = (id) => document.getElementById(id);

/**
 * The analysis entry of the finished game under review (asked for from {@code analyses} the first
 * time) and what it shows at the reviewed step: {entry, judged}, both null while live.
 */
export function reviewed(analyses, review, code, live) {
  const game = live ? null : review.finishedGame();
  const entry = game === null ? null : analyses.get(code, game);
  return { entry, judged: analysisAt(entry, review.moves().length, review.current()) };
}

/**
 * Shows {@code shown} ({@link analysisAt}'s value, or null) and, when there is none, the entry's
 * quiet note ({@code entry} null: no finished game on show, nothing at all).
 */
export function renderAnalysis(entry, shown) {
  const bar = $('eval');
  const words = $('eval-text');
  bar.hidden = !shown;
  $('board').closest('.board-wrap').classList.toggle('analysed', !!shown);
  $('analysis-legend').hidden = !shown;
  if (shown) {
    const { text, label, fraction, solved } = shown.value;
    $('eval-x').style.height = `${(100 * fraction).toFixed(1)}%`;
    bar.dataset.solved = String(solved);
    bar.title = label;
    words.textContent = text;
    words.title = label;
    $('eval-label').textContent = label;
  }
  const note = !shown && entry ? entry.note : '';
  words.hidden = !shown && !note;
  if (!shown) {
    words.textContent = note;
    words.removeAttribute('title');
    $('eval-label').textContent = note;
  }
}
