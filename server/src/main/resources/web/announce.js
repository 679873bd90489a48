// Words for what happens in a room: for the screen reader's live region and the status line.

const ROWS = (size, cell) => ({ row: Math.floor(cell / size) + 1, col: (cell % size) + 1 });

export function cellName(size, cell) {
  const { row, col } = ROWS(size, cell);
  return `row ${row}, column ${col}`;
}

export function playerName(snapshot, seat) {
  const p = snapshot && snapshot.players[seat];
  if (!p) return seat;
  return p.kind === 'bot' ? `the ${p.level} bot (${seat})` : `${p.name} (${seat})`;
}

const REASONS = {
  line: 'a line', resign: 'resignation', draw: 'a full board', dead_draw: 'nobody able to win', abandoned: 'abandonment',
};

export function resultText(snapshot) {
  const r = snapshot.result;
  if (!r) return '';
  if (r.reason === 'timeout') {
    const flagged = r.winner ? (r.winner === 'X' ? 'O' : 'X') : snapshot.clock && snapshot.clock.flagged;
    const ran = flagged ? `${playerName(snapshot, flagged)} ran out of time` : 'Time ran out';
    return r.winner === null ? `Draw: ${ran}, but nobody could win any more.` : `${playerName(snapshot, r.winner)} wins on time: ${ran}.`;
  }
  if (r.winner === null) return r.reason === 'dead_draw' ? 'Draw: nobody can make a line any more.' : 'Draw.';
  return `${playerName(snapshot, r.winner)} wins by ${REASONS[r.reason] || r.reason}.`;
}

/** A sentence for a diff's event, or null when there is nothing to say. */
export function describe(event, snapshot) {
  if (!event) return null;
  const who = (seat) => playerName(snapshot, seat);
  const size = snapshot.settings.size;
  switch (event.kind) {
    case 'moved': {
      const over = snapshot.status === 'over' ? ` ${resultText(snapshot)}` : '';
      return `${who(event.seat)} played ${cellName(size, event.cell)}.${over}`;
    }
    case 'joined': return `${event.name} took seat ${event.seat}.`;
    case 'bot_joined': return `A ${event.level} bot took seat ${event.seat}.`;
    case 'left': return `Seat ${event.seat} is now empty.`;
    case 'disconnected': return `${who(event.seat)} lost the connection; the seat is held.`;
    case 'reconnected': return `${who(event.seat)} is back.`;
    case 'undo_requested': return `${who(event.seat)} asks to take back a move.`;
    case 'undo_declined': return `${who(event.seat)} declined the takeback.`;
    case 'undone': return `Takeback: ${event.cells.map((c) => cellName(size, c)).join(' and ')} cleared.`;
    case 'resigned': return `${who(event.seat)} resigned. ${resultText(snapshot)}`;
    case 'rematch_offered': return `${who(event.seat)} offers a rematch.`;
    case 'rematch_started': return `Game ${event.game} started.`;
    case 'game_over': return `Game over. ${resultText(snapshot)}`;
    case 'spectators_changed': return null;
    default: return null;
  }
}

/** Says {@code text} through the polite live region. */
export function announce(text) {
  const region = document.getElementById('announcer');
  if (!region || !text) return;
  // Clearing first makes a repeated sentence be read again.
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}
