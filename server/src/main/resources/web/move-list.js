// The moves of the game on show, numbered, each a button that shows the position after it.
import { coord } from './coords.js';
import { MARKS } from './analysis.js';

const $ = (id) => document.getElementById(id);
let pick = () => {};
let wired = false;

/**
 * Draws {@code moves} ({seat, cell}) of a board of side {@code size}, marking move
 * {@code current} (1-based; 0 for the start). {@code onPick(step)} is called with a move's number.
 * {@code verdicts}, one per move when the game has been analysed, adds each move's mark.
 */
export function renderMoves(size, moves, current, onPick, verdicts = null) {
  const list = $('moves');
  const wanted = `${size}:${moves.map((m) => m.cell).join(',')}`;
  if (list.dataset.moves !== wanted) {
    list.textContent = '';
    moves.forEach((m, i) => {
      const item = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.step = String(i + 1);
      const n = document.createElement('span');
      n.className = 'n';
      n.textContent = `${i + 1}.`;
      b.append(n, `${m.seat} ${coord(size, m.cell)}`);
      item.append(b);
      list.append(item);
    });
    list.dataset.moves = wanted;
  }
  pick = onPick;
  if (!wired) {
    wired = true;
    list.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-step]');
      if (b) pick(Number(b.dataset.step));
    });
  }
  let currentButton = null;
  for (const b of list.querySelectorAll('button')) {
    mark(b, verdicts ? verdicts[Number(b.dataset.step) - 1] : null);
    const on = Number(b.dataset.step) === current;
    if (on) currentButton = b;
    if (on) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
  }
  if (currentButton && list.scrollHeight > list.clientHeight) {
    list.scrollTop = currentButton.offsetTop - list.offsetTop - list.clientHeight / 2;
  }
}

/** A move's verdict after its text: the sign to see, the word to hear. */
function mark(button, verdict) {
  const was = button.querySelector('.verdict');
  const wanted = verdict && MARKS[verdict] && MARKS[verdict].sign ? verdict : null;
  if ((was ? was.dataset.verdict : null) === wanted) return;
  if (was) was.remove();
  if (!wanted) return;
  const span = document.createElement('span');
  span.className = 'verdict';
  span.dataset.verdict = wanted;
  span.title = MARKS[wanted].word;
  const sign = document.createElement('span');
  sign.setAttribute('aria-hidden', 'true');
  sign.textContent = MARKS[wanted].sign;
  const word = document.createElement('span');
  word.className = 'sr-only';
  word.textContent = `, ${MARKS[wanted].word}`;
  span.append(sign, word);
  button.append(span);
}
