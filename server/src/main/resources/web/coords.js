// Board coordinates as the terminal client reads and writes them: a column letter from the left
// and a row number from the top (a1 is the top left), so players of both clients name a cell alike.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The letter of column {@code col} (from 0). */
export function columnName(col) {
  return LETTERS[col];
}

/** The number of row {@code row} (from 0 at the top); {@code size} is the board's side. */
export function rowName(size, row) {
  return String(row + 1);
}

/** A cell's coordinate, like "h8". */
export function coord(size, cell) {
  return columnName(cell % size) + rowName(size, Math.floor(cell / size));
}
