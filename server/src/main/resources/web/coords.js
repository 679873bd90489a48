// Board coordinates as players of board games write them: a column letter from the left and a row
// number from the bottom, so the centre of 3 × 3 is b2 and of 15 × 15 is h8.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The letter of column {@code col} (from 0). */
export function columnName(col) {
  return LETTERS[col];
}

/** The number of row {@code row} (from 0 at the top) on a board of side {@code size}. */
export function rowName(size, row) {
  return String(size - row);
}

/** A cell's coordinate, like "h8". */
export function coord(size, cell) {
  return columnName(cell % size) + rowName(size, Math.floor(cell / size));
}
