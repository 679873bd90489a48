// What the page says about itself outside the game: passing notices, the connection line in the
// header, and whose turn it is in the tab's title and icon (for a game left in a background tab).

const $ = (id) => document.getElementById(id);
/** How long a notice stays on screen. */
export const NOTICE_MS = 8000;
const STATUS = {
  connecting: 'Connecting…', online: 'Connected', reconnecting: 'Reconnecting…',
  replaced: 'This seat is now played in another tab', gone: 'This room no longer exists', closed: 'Disconnected',
};
let noticeTimer = null;
let reconnectTick = null;

export function notice(text) {
  const el = $('notice');
  el.textContent = text.charAt(0).toUpperCase() + text.slice(1);
  el.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { el.hidden = true; }, NOTICE_MS);
}

/** The connection line for a RoomConnection state; a countdown while a reconnect waits. */
export function showConnection(kind, { until, why } = {}) {
  $('conn').hidden = false;
  $('conn').dataset.state = kind;
  $('reconnect').hidden = kind !== 'closed';
  clearInterval(reconnectTick);
  const show = () => {
    const left = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    let text = STATUS[kind] || '';
    if (kind === 'reconnecting' && until) text = `${why || 'Connection lost'}: retrying in ${left} s`;
    if (kind === 'closed' || kind === 'replaced') text = why || text;
    $('conn-text').textContent = text;
  };
  show();
  if (kind === 'reconnecting' && until) reconnectTick = setInterval(show, 1000);
}

/** The lobby has no connection to speak of. */
export function hideConnection() {
  clearInterval(reconnectTick);
  $('conn').hidden = true;
}

/** Sets the tab's title, marked (and the icon with a dot) when it is this person's turn. */
export function signalTurn(title, myTurn) {
  document.title = myTurn ? `● Your turn · ${title}` : title;
  const icon = document.querySelector('link[rel=icon]');
  const href = icon.getAttribute('href').replace(/icon(-turn)?\.svg$/, myTurn ? 'icon-turn.svg' : 'icon.svg');
  if (icon.getAttribute('href') !== href) icon.setAttribute('href', href);
}
