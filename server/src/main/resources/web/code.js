// Room codes as people type them: the same forgiveness as the server's RoomCode.normalize.

export const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LENGTH = 6;

/** The canonical code for what was typed, or null when it cannot be one. */
export function normalizeCode(typed) {
  if (typeof typed !== 'string') return null;
  const upper = typed.toUpperCase().replace(/[\s-]/g, '');
  if (upper.length !== LENGTH) return null;
  let code = '';
  for (const ch of upper) {
    const c = ch === 'O' ? '0' : ch === 'I' || ch === 'L' ? '1' : ch;
    if (!ALPHABET.includes(c)) return null;
    code += c;
  }
  return code;
}

/** The shareable address of a room. */
export function roomLink(code) {
  return `${location.origin}/r/${code}`;
}
