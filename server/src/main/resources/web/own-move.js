// The page's own last move, kept so that a move the server no longer has (lost in its crash, or
// never received before a drop) is sent again, with its id, when the page rejoins and the move is
// still legal. The server refuses anything else, and knows the id if the move did arrive.

export class OwnMove {
  constructor() {
    this.last = null;
  }

  /** A move was sent during game {@code game}. */
  sent(move, game) {
    this.last = { id: move.id, cell: move.cell, game };
  }

  /** After a welcome: the move to send again, or null. */
  again(snapshot, seat) {
    const m = this.last;
    if (!m || !snapshot || seat === null || snapshot.game !== m.game) return null;
    if (snapshot.status !== 'playing' || snapshot.turn !== seat) return null;
    if (snapshot.moves.some((e) => e.id === m.id)) return null;
    const size = snapshot.settings.size;
    if (snapshot.board[Math.floor(m.cell / size)][m.cell % size] !== '.') return null;
    return { type: 'move', id: m.id, version: snapshot.version, cell: m.cell };
  }
}
