// The room as this client knows it: the last snapshot and its version, kept up to date by the
// server's diffs under the protocol's rules (duplicates ignored, a gap or a failed patch asks
// for a sync, further diffs wait until it is filled). Diffs are applied by the stock JSON Patch
// library the page loads before its modules (the global `jsonpatch`).
//
// Every epoch time in a snapshot (clocks, claim times, grace) is the server's, and this machine's
// clock may be off: a welcome or snapshot with `serverTime` gives the offset; without one, a diff
// that starts a turn was sent at the turn's start, so the countdown starts when it arrives.

export class RoomState {
  constructor(localNow = () => Date.now()) {
    this.snapshot = null;
    this.seat = null;
    this.syncPendingAt = null;
    this.localNow = localNow;
    this.offset = 0;
    this.measured = false;
  }

  get version() {
    return this.snapshot ? this.snapshot.version : null;
  }

  /** The server's time now (epoch ms). */
  now() {
    return this.localNow() + this.offset;
  }

  /**
   * Takes a server message. Returns {changed, event, sync}: whether the snapshot changed, the
   * diff's event if any, and the version to send in a sync when one is needed.
   */
  receive(message) {
    if ((message.type === 'welcome' || message.type === 'snapshot') && Number.isInteger(message.serverTime)) {
      this.offset = message.serverTime - this.localNow();
      this.measured = true;
    }
    switch (message.type) {
      case 'welcome':
        this.seat = message.seat;
        return this.replace(message.snapshot);
      case 'snapshot':
        return this.replace(message.snapshot);
      case 'diff':
        return this.diff(message);
      default:
        return { changed: false };
    }
  }

  replace(snapshot) {
    this.snapshot = snapshot;
    this.syncPendingAt = null;
    return { changed: true, event: null };
  }

  diff(message) {
    const current = this.version;
    if (current === null || message.version <= current) return { changed: false };
    if (message.version > current + 1) return this.askSync();
    const next = structuredClone(this.snapshot);
    try {
      globalThis.jsonpatch.apply(next, message.ops);
    } catch (e) {
      return this.askSync();
    }
    // Every diff replaces /version: one that did not land where it should is resynced.
    if (next.version !== message.version) return this.askSync();
    const clock = next.clock;
    const before = this.snapshot.clock;
    if (!this.measured && clock && clock.running && clock.turnStartedAt !== null
        && (!before || before.turnStartedAt !== clock.turnStartedAt)) {
      this.offset = clock.turnStartedAt - this.localNow();
    }
    this.snapshot = next;
    this.syncPendingAt = null;
    return { changed: true, event: message.event };
  }

  askSync() {
    // One sync per version: later diffs past the gap wait for its answer.
    if (this.syncPendingAt === this.version) return { changed: false };
    this.syncPendingAt = this.version;
    return { changed: false, sync: this.version };
  }
}
