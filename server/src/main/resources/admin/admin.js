// The admin page: a table of live rooms, one room's detail, and its two actions (close the room,
// disconnect a player), each asked to be confirmed first. The pure parts are exported for tests;
// the page wires itself up only in a browser.

/** Rooms the page asks for at once; the API's own default. */
export const LIST_LIMIT = 500;

/** The list's URL for a code prefix. */
export function roomsUrl(prefix, limit = LIST_LIMIT) {
  const params = new URLSearchParams({ limit: String(limit) });
  const code = prefix.trim().toUpperCase();
  if (code) params.set('code', code);
  return `/admin/api/rooms?${params}`;
}

/** An age in seconds the way people say it, in its two largest units: 42s, 5m 3s, 2h 10m, 3d. */
export function formatAge(seconds) {
  const units = [['d', 86400], ['h', 3600], ['m', 60], ['s', 1]];
  const total = Math.max(0, Math.floor(seconds));
  const i = units.findIndex(([, size]) => total >= size);
  if (i < 0) return '0s';
  const [big, bigSize] = units[i];
  const n = Math.floor(total / bigSize);
  if (i === units.length - 1) return `${n}${big}`;
  const [small, smallSize] = units[i + 1];
  const m = Math.floor((total - n * bigSize) / smallSize);
  return m > 0 ? `${n}${big} ${m}${small}` : `${n}${big}`;
}

/** The seated players: "X ana", with "(dropped)" for a seat held after a drop (bots say so in their name). */
export function playersText(members) {
  if (members.length === 0) return 'nobody seated';
  return members
    .map((m) => `${m.seat} ${m.name}${m.state === 'dropped' ? ' (dropped)' : ''}`)
    .join(', ');
}

/** The cells of a room's row in the table. */
export function rowCells(room) {
  const s = room.settings;
  return [
    room.code,
    room.status,
    `${s.size}×${s.size} k=${s.winLength}${s.clock ? `, ${s.clock}` : ''}`,
    playersText(room.members),
    String(room.spectators),
    formatAge(room.ageSeconds),
    String(room.version),
  ];
}

/** What the status line says about a list answer. */
export function listStatus(body) {
  const shown = body.rooms.length;
  if (body.total === 0) return 'No live rooms match.';
  return shown < body.total ? `Showing ${shown} of ${body.total} rooms.` : `${body.total} room${body.total === 1 ? '' : 's'}.`;
}

/** The message of an API refusal, or a fallback naming the status. */
export async function refusal(response) {
  try {
    const body = await response.json();
    if (body && body.message) return body.message;
  } catch (e) {
    // not JSON: fall through
  }
  return `HTTP ${response.status}`;
}

const $ = (id) => document.getElementById(id);

async function call(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(await refusal(response));
  return response.json();
}

function post(url, reason) {
  return call(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason }),
  });
}

function say(text) {
  $('status').textContent = text;
}

async function refresh() {
  try {
    const body = await call(roomsUrl($('code').value));
    const rows = body.rooms.map((room) => {
      const tr = document.createElement('tr');
      for (const text of rowCells(room)) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      const open = document.createElement('button');
      open.type = 'button';
      open.textContent = 'Details';
      open.setAttribute('aria-label', `Details of room ${room.code}`);
      open.addEventListener('click', () => show(room.code));
      const td = document.createElement('td');
      td.append(open);
      tr.append(td);
      return tr;
    });
    $('rooms').replaceChildren(...rows);
    say(listStatus(body));
  } catch (e) {
    say(`The list could not be loaded: ${e.message}`);
  }
}

let shown = null;

async function show(code) {
  let room;
  try {
    room = await call(`/admin/api/rooms/${encodeURIComponent(code)}`);
  } catch (e) {
    say(`Room ${code}: ${e.message}`);
    $('detail').hidden = true;
    shown = null;
    return;
  }
  shown = room.code;
  $('detail-title').textContent = `Room ${room.code}`;
  $('detail-summary').textContent =
    `${rowCells(room)[2]}, ${room.status}, game ${room.game}, version ${room.version}, ` +
    `created ${room.createdAt} (${formatAge(room.ageSeconds)} ago), ${room.spectators} watching.`;
  $('members').replaceChildren(...room.members.map((m) => memberRow(room.code, m)));
  $('snapshot').textContent = JSON.stringify(room.snapshot, null, 2);
  $('detail').hidden = false;
}

function memberRow(code, member) {
  const tr = document.createElement('tr');
  for (const text of [member.seat, member.name, member.kind, member.state]) {
    const td = document.createElement('td');
    td.textContent = text;
    tr.append(td);
  }
  const td = document.createElement('td');
  if (member.kind !== 'bot' && member.state === 'connected') {
    const cut = document.createElement('button');
    cut.type = 'button';
    cut.textContent = 'Disconnect';
    cut.setAttribute('aria-label', `Disconnect seat ${member.seat}`);
    cut.addEventListener('click', async () => {
      if (!window.confirm(`Disconnect ${member.name} (seat ${member.seat}) from room ${code}? The seat is held for the seat grace.`)) return;
      try {
        await post(`/admin/api/rooms/${code}/members/${member.seat}/disconnect`, 'disconnected by the operator');
        say(`Seat ${member.seat} of room ${code} disconnected.`);
      } catch (e) {
        say(`Disconnect failed: ${e.message}`);
      }
      await show(code);
    });
    td.append(cut);
  }
  tr.append(td);
  return tr;
}

async function closeShown(event) {
  event.preventDefault();
  const code = shown;
  const reason = $('reason').value.trim();
  if (!code || !reason) return;
  if (!window.confirm(`Close room ${code} for everyone in it, for good? Reason: ${reason}`)) return;
  try {
    await post(`/admin/api/rooms/${code}/close`, reason);
    say(`Room ${code} closed.`);
    $('detail').hidden = true;
    $('reason').value = '';
    shown = null;
  } catch (e) {
    say(`Close failed: ${e.message}`);
  }
  await refresh();
}

if (typeof document !== 'undefined') {
  $('filter').addEventListener('submit', (event) => {
    event.preventDefault();
    refresh();
  });
  $('code').addEventListener('input', () => refresh());
  $('close').addEventListener('submit', closeShown);
  refresh();
}
