// Optional sounds, off until turned on (the choice is kept): a soft tick for each move and a
// short phrase when a game ends, made with WebAudio so no sound file is loaded.

const KEY = 'ttt.sound';
/** How loud a tone starts (of 1), before it fades out. */
export const VOLUME = 0.08;
let context = null;

export function soundOn() {
  return localStorage.getItem(KEY) === 'on';
}

function tone(frequency, startS, lengthS) {
  const now = context.currentTime + startS;
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = 'triangle';
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(VOLUME, now);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + lengthS);
  osc.connect(gain).connect(context.destination);
  osc.start(now);
  osc.stop(now + lengthS);
}

/** The notes for what a diff's event did, seen from {@code seat} (null when watching). */
export function notesFor(event, snapshot, seat) {
  if (!event || !snapshot) return [];
  const over = snapshot.status === 'over' && ['moved', 'resigned', 'game_over'].includes(event.kind);
  if (over) {
    const winner = snapshot.result ? snapshot.result.winner : null;
    if (winner === null || seat === null) return [440, 554, 440];
    return winner === seat ? [523, 659, 784] : [392, 330, 262];
  }
  if (event.kind === 'moved') return [event.seat === seat ? 660 : 520];
  return [];
}

/** Plays what an event calls for, when sound is on. */
export function soundFor(event, snapshot, seat) {
  if (!soundOn() || !context) return;
  notesFor(event, snapshot, seat).forEach((f, i) => tone(f, i * 0.13, i === 0 ? 0.09 : 0.16));
}

/** Wires the header's toggle; the audio starts with the click that turns it on, as browsers ask. */
export function setUpSound(button) {
  const show = () => {
    button.setAttribute('aria-pressed', String(soundOn()));
    button.title = soundOn() ? 'Sound is on' : 'Sound is off';
  };
  button.addEventListener('click', () => {
    localStorage.setItem(KEY, soundOn() ? 'off' : 'on');
    if (soundOn()) {
      context = context || new AudioContext();
      context.resume();
      tone(660, 0, 0.09);
    }
    show();
  });
  if (soundOn()) {
    // Kept on from an earlier visit: the first click anywhere may start the audio.
    document.addEventListener('pointerdown', () => {
      context = context || new AudioContext();
      context.resume();
    }, { once: true });
  }
  show();
}
