// The board: a labelled grid of cells, played by click, tap, or arrow keys and Enter. Only one
// cell is in the tab order (a roving tabindex), so Tab moves past the board. Small boards are
// tiles; from STONES_FROM up the board is drawn as gomoku players know it: stones on the
// intersections of lines, with coordinates. A line over the board shows the winning row.
import { cellName } from './announce.js';
import { columnName, rowName } from './coords.js';

/** From this side up, stones on intersections instead of tiles. */
export const STONES_FROM = 7;
/** Room around the outer lines of a stone board, in line spacings, for the coordinates. */
const MARGIN = 1.1;
const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attributes) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  return el;
}

/** The star points of a stone board: the centre, and four more on boards of 9 and up. */
export function starPoints(size) {
  const points = size % 2 === 1 ? [[(size - 1) / 2, (size - 1) / 2]] : [];
  if (size >= 9) {
    const d = size >= 13 ? 3 : 2;
    for (const r of [d, size - 1 - d]) for (const c of [d, size - 1 - d]) points.push([r, c]);
  }
  return points;
}

/** The lines, star points and coordinates of a stone board, in line spacings. */
function drawLines(size) {
  const last = size - 1;
  const span = last + 2 * MARGIN;
  const g = svg('svg', { class: 'lines', viewBox: `${-MARGIN} ${-MARGIN} ${span} ${span}`, 'aria-hidden': 'true' });
  for (let i = 0; i < size; i++) {
    g.append(svg('line', { x1: 0, y1: i, x2: last, y2: i }), svg('line', { x1: i, y1: 0, x2: i, y2: last }));
    const col = svg('text', { x: i, y: last + MARGIN * 0.72, class: 'coord' });
    col.textContent = columnName(i);
    const row = svg('text', { x: -MARGIN * 0.62, y: i, class: 'coord' });
    row.textContent = rowName(size, i);
    g.append(col, row);
  }
  for (const [r, c] of starPoints(size)) g.append(svg('circle', { cx: c, cy: r, r: 0.1, class: 'star' }));
  return g;
}

export class BoardView {
  constructor(element, onPlay) {
    this.el = element;
    this.onPlay = onPlay;
    this.size = 0;
    this.cells = [];
    this.focusIndex = 0;
    this.lastMove = null;
    this.lineKey = '';
    this.el.addEventListener('click', (e) => {
      const cell = e.target.closest('[data-cell]');
      if (cell && this.el.contains(cell)) this.play(Number(cell.dataset.cell));
    });
    this.el.addEventListener('keydown', (e) => this.key(e));
  }

  build(size) {
    this.size = size;
    this.el.textContent = '';
    this.el.style.setProperty('--n', size);
    const stones = size >= STONES_FROM;
    this.el.classList.toggle('stones', stones);
    // The cells' centres fall on the lines: the padding is the margin less half a cell.
    this.el.style.padding = stones ? `${(100 * (MARGIN - 0.5)) / (size - 1 + 2 * MARGIN)}%` : '';
    if (stones) this.el.append(drawLines(size));
    // The grid holds only rows of cells, as ARIA asks; the drawings lie beside it.
    const grid = document.createElement('div');
    grid.className = 'rows';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', 'Board');
    this.el.append(grid);
    this.cells = [];
    for (let r = 0; r < size; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let c = 0; c < size; c++) {
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.dataset.cell = String(r * size + c);
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }
    this.winLine = svg('svg', { class: 'win-line', 'aria-hidden': 'true' });
    this.el.append(this.winLine);
    this.focusIndex = Math.floor((size * size) / 2);
    this.lastMove = null;
    this.lineKey = '';
  }

  /**
   * Draws a position: {size, board: rows of "X"/"O"/".", lastMove, line: cells, playable, best: a
   * cell to ring as the best move, or null}.
   */
  render({ size, board, lastMove, line, playable, best = null }) {
    const fresh = size !== this.size;
    if (fresh) this.build(size);
    const winning = new Set(line || []);
    this.playable = playable;
    this.el.classList.toggle('playable', !!playable);
    // Only a move that just came is animated, not a redraw or a step in the review.
    const arrived = !fresh && lastMove !== this.lastMove && lastMove !== null;
    this.cells.forEach((cell, i) => {
      const mark = board[Math.floor(i / size)][i % size];
      const text = mark === '.' ? '' : mark;
      if (cell.textContent !== text) cell.textContent = text;
      cell.dataset.mark = mark;
      cell.classList.toggle('last', i === lastMove);
      cell.classList.toggle('arrived', arrived && i === lastMove);
      cell.classList.toggle('win', winning.has(i));
      cell.classList.toggle('best', i === best);
      let label = `${cellName(size, i)}, ${mark === '.' ? 'empty' : mark}`;
      if (i === lastMove) label += ', last move';
      if (winning.has(i)) label += ', winning line';
      if (i === best) label += ', best move';
      cell.setAttribute('aria-label', label);
      cell.setAttribute('aria-disabled', String(!playable || mark !== '.'));
      cell.tabIndex = i === this.focusIndex ? 0 : -1;
    });
    this.lastMove = lastMove;
    this.drawWinLine(line || []);
  }

  /** A stroke from the first cell of the winning line to the last, over the marks. */
  drawWinLine(line) {
    const key = line.join(',');
    if (key === this.lineKey) return;
    this.lineKey = key;
    this.winLine.textContent = '';
    if (line.length < 2) return;
    const cells = [...line].sort((a, b) => a - b);
    const at = (i) => {
      const c = this.cells[i];
      const w = this.el.clientWidth;
      const h = this.el.clientHeight;
      return [`${(100 * (c.offsetLeft + c.offsetWidth / 2)) / w}%`, `${(100 * (c.offsetTop + c.offsetHeight / 2)) / h}%`];
    };
    const [x1, y1] = at(cells[0]);
    const [x2, y2] = at(cells[cells.length - 1]);
    this.winLine.append(svg('line', { x1, y1, x2, y2, pathLength: 1 }));
  }

  play(cell) {
    this.moveFocus(cell, false);
    if (this.playable && this.cells[cell].dataset.mark === '.') this.onPlay(cell);
  }

  moveFocus(index, focus = true) {
    if (!this.cells.length) return;
    this.cells[this.focusIndex].tabIndex = -1;
    this.focusIndex = index;
    this.cells[index].tabIndex = 0;
    if (focus) this.cells[index].focus();
  }

  key(e) {
    const n = this.size;
    const i = this.focusIndex;
    const r = Math.floor(i / n);
    const c = i % n;
    let next = null;
    switch (e.key) {
      case 'ArrowUp': next = r > 0 ? i - n : i; break;
      case 'ArrowDown': next = r < n - 1 ? i + n : i; break;
      case 'ArrowLeft': next = c > 0 ? i - 1 : i; break;
      case 'ArrowRight': next = c < n - 1 ? i + 1 : i; break;
      case 'Home': next = r * n; break;
      case 'End': next = r * n + n - 1; break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        this.play(i);
        return;
      default: return;
    }
    e.preventDefault();
    this.moveFocus(next);
  }
}
