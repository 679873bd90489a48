// The board: one button per cell in a labelled grid, played by click, tap, or arrow keys and
// Enter. Only one cell is in the tab order (a roving tabindex), so Tab moves past the board.
import { cellName } from './announce.js';

export class BoardView {
  constructor(element, onPlay) {
    this.el = element;
    this.onPlay = onPlay;
    this.size = 0;
    this.cells = [];
    this.focusIndex = 0;
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
    this.cells = [];
    for (let r = 0; r < size; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let c = 0; c < size; c++) {
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.dataset.cell = String(r * size + c);
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.el.append(row);
    }
    this.focusIndex = Math.floor((size * size) / 2);
  }

  /** Draws a position: {size, board: rows of "X"/"O"/".", lastMove, line: cells, playable}. */
  render({ size, board, lastMove, line, playable }) {
    if (size !== this.size) this.build(size);
    const winning = new Set(line || []);
    this.playable = playable;
    this.el.classList.toggle('playable', !!playable);
    this.cells.forEach((cell, i) => {
      const mark = board[Math.floor(i / size)][i % size];
      const text = mark === '.' ? '' : mark;
      if (cell.textContent !== text) cell.textContent = text;
      cell.dataset.mark = mark;
      cell.classList.toggle('last', i === lastMove);
      cell.classList.toggle('win', winning.has(i));
      let label = `${cellName(size, i)}, ${mark === '.' ? 'empty' : mark}`;
      if (i === lastMove) label += ', last move';
      if (winning.has(i)) label += ', winning line';
      cell.setAttribute('aria-label', label);
      cell.setAttribute('aria-disabled', String(!playable || mark !== '.'));
      cell.tabIndex = i === this.focusIndex ? 0 : -1;
    });
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
