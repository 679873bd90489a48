// The analysis of a reviewed game on the page: a bar beside the board (X's share from the bottom),
// the value in words in the review bar, a quiet note while it loads or when there is none, and
// the legend of the marks on the move list.

import { analysisAt } from './analysis.js';

const $ = (id) => document.getElementById(id);
/** Sets the text only when it changes: the label is a live region, read out on each change. */
const say = (el, text) => { if (el.textContent !== text) el.textContent = text; };

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
    words.hidden = false;
    words.title = label;
    say(words, text);
    say($('eval-label'), label);
    return;
  }
  const note = entry ? entry.note : '';
  words.hidden = !note;
  words.removeAttribute('title');
  say(words, note);
  say($('eval-label'), note);
}
