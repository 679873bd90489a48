// Stepping through a game move by move: the current one (from the snapshot) or a finished one
// (from the history message). While the last position of the current game is shown the board
// is live; any earlier position is a review and cannot be played on.

const $ = (id) => document.getElementById(id);

function position(size, moves, step) {
  const rows = Array.from({ length: size }, () => Array(size).fill('.'));
  moves.slice(0, step).forEach(({ seat, cell }) => { rows[Math.floor(cell / size)][cell % size] = seat; });
  return rows.map((r) => r.join(''));
}

export class Review {
  constructor(onChange) {
    this.onChange = onChange;
    this.history = [];
    this.snapshot = null;
    this.game = null; // null: the current game
    this.step = null; // null: the latest position
    $('review-first').addEventListener('click', () => this.go(0));
    $('review-back').addEventListener('click', () => this.go(this.current() - 1));
    $('review-forward').addEventListener('click', () => this.go(this.current() + 1));
    $('review-last').addEventListener('click', () => this.go(Infinity));
    $('review-game').addEventListener('change', (e) => {
      this.game = e.target.value === 'now' ? null : Number(e.target.value);
      this.step = null;
      this.changed();
    });
    $('review').addEventListener('keydown', (e) => {
      if (e.target.tagName === 'SELECT') return;
      const keys = { ArrowLeft: () => this.current() - 1, ArrowRight: () => this.current() + 1, Home: () => 0, End: () => Infinity };
      if (!keys[e.key]) return;
      e.preventDefault();
      this.go(keys[e.key]());
    });
  }

  setSnapshot(snapshot) {
    if (this.snapshot && this.snapshot.game !== snapshot.game && this.game === null) this.step = null;
    this.snapshot = snapshot;
    this.renderControls();
  }

  setHistory(games) {
    this.history = games;
    this.renderControls();
  }

  /** The moves of the game on show, with seats. */
  moves() {
    if (this.game === null) return this.snapshot.moves;
    const g = this.history.find((h) => h.game === this.game);
    if (!g) return [];
    const other = g.first === 'X' ? 'O' : 'X';
    return g.moves.map((cell, i) => ({ seat: i % 2 === 0 ? g.first : other, cell }));
  }

  current() {
    const total = this.moves().length;
    return this.step === null ? total : Math.min(this.step, total);
  }

  go(step) {
    const total = this.moves().length;
    const s = Math.max(0, Math.min(total, step));
    this.step = this.game === null && s === total ? null : s;
    this.changed();
  }

  /** Whether the board shows the live position of the current game. */
  isLive() {
    return this.game === null && this.step === null;
  }

  /** The position to draw when not live: {size, board, lastMove, line}. */
  view() {
    const size = this.snapshot.settings.size;
    const moves = this.moves();
    const step = this.current();
    const g = this.game === null ? null : this.history.find((h) => h.game === this.game);
    const line = g && step === moves.length ? g.line : this.game === null && step === moves.length && this.snapshot.result ? this.snapshot.result.line : [];
    return { size, board: position(size, moves, step), lastMove: step > 0 ? moves[step - 1].cell : null, line };
  }

  /** The number of the game on show once it is finished and kept (in the history), else null. */
  finishedGame() {
    const game = this.game === null ? this.snapshot.game : this.game;
    return this.history.some((h) => h.game === game) ? game : null;
  }

  /** What the review bar says about the position on show. */
  describe() {
    const step = this.current();
    const total = this.moves().length;
    const game = this.game === null ? '' : `game ${this.game}, `;
    return `Reviewing ${game}${step === 0 ? 'the start' : `move ${step} of ${total}`}`;
  }

  changed() {
    this.renderControls();
    this.onChange();
  }

  renderControls() {
    if (!this.snapshot) return;
    const select = $('review-game');
    const options = this.history.filter((h) => h.game !== this.snapshot.game)
      .map((h) => [String(h.game), `Game ${h.game}: ${h.winner ? `${h.winner} won` : 'draw'}`]);
    options.push(['now', `Game ${this.snapshot.game} (this game)`]);
    const wanted = options.map(([v, t]) => `${v}:${t}`).join('|');
    if (select.dataset.options !== wanted) {
      select.textContent = '';
      for (const [value, text] of options) select.append(new Option(text, value));
      select.dataset.options = wanted;
    }
    select.value = this.game === null ? 'now' : String(this.game);
    const total = this.moves().length;
    const step = this.current();
    const at = step === 0 ? (total === 0 ? 'No moves yet' : `Start, ${total} move${total === 1 ? "" : "s"}`) : `Move ${step} of ${total}`;
    $('review-pos').textContent = this.isLive() ? `${at} (live)` : at;
    $('review-first').disabled = step === 0;
    $('review-back').disabled = step === 0;
    $('review-forward').disabled = step === total;
    $('review-last').disabled = step === total;
    $('review').classList.toggle('reviewing', !this.isLive());
    // A button that just became disabled drops focus; keep it in the review so the keys still work.
    if (document.activeElement && document.activeElement.disabled && $('review').contains(document.activeElement)) {
      $('review').focus();
    }
  }
}
