/**
 * The session gate's cache on its own (docs/decisions/0018), with a stand-in database that counts its reads and answers
 * when the test says so. The HTTP behaviour on one and on two instances: security/session-instances.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../plugins/auth.ts';
import { createSessionGate, SESSION_CACHE_MS } from './sessions.ts';

const actor: Actor = {
  userId: '7f1c6f1e-3a43-4c1b-9a0e-0b1f4f2a8c11',
  tenantId: 'c0a8012e-0000-4000-8000-000000000001',
  role: 'admin',
  kind: 'workshopAdmin',
  sessionId: '5b0e6c1a-8d2f-4e7b-9c3a-1f2e3d4c5b6a',
};

/** A database whose session row is `row` (null: revoked or gone); each read waits until `release` when held. */
function standIn() {
  const state = {
    row: [actor.userId, actor.tenantId, actor.role] as unknown[] | null,
    reads: 0,
    held: null as Promise<void> | null,
  };
  let release = () => {};
  const database = {
    kind: 'postgres' as const,
    async arrays() {
      state.reads += 1;
      const row = state.row;
      if (state.held) await state.held;
      return row ? [row.length === 3 ? [...row, null, null] : row] : [];
    },
  };
  return {
    state,
    database,
    hold() {
      state.held = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => {
      state.held = null;
      release();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('session gate', () => {
  it('reads once for concurrent checks of one session, and again after SESSION_CACHE_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = standIn();
    const gate = createSessionGate(db.database);
    expect(await Promise.all([1, 2, 3].map(() => gate.isCurrent(actor)))).toEqual([true, true, true]);
    expect(db.state.reads).toBe(1);
    db.state.row = null;
    vi.advanceTimersByTime(SESSION_CACHE_MS - 1);
    expect(await gate.isCurrent(actor)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(await gate.isCurrent(actor)).toBe(false);
    expect(db.state.reads).toBe(2);
  });

  it('after forget() reads anew, and a read begun before forget() does not refill the cache', async () => {
    const db = standIn();
    const gate = createSessionGate(db.database);
    db.hold();
    const before = gate.isCurrent(actor);
    // The change commits (the row is revoked) while that read is under way, and this instance forgets.
    gate.forget();
    db.state.row = null;
    db.release();
    expect(await before).toBe(true);
    expect(await gate.isCurrent(actor)).toBe(false);
    expect(db.state.reads).toBe(2);
  });

  it('refuses a live session whose user now has another role or tenant, or another user', async () => {
    const db = standIn();
    const gate = createSessionGate(db.database, { cacheMs: 0 });
    expect(await gate.isCurrent(actor)).toBe(true);
    db.state.row = [actor.userId, actor.tenantId, 'user'];
    expect(await gate.isCurrent(actor)).toBe(false);
    db.state.row = [actor.userId, null, actor.role];
    expect(await gate.isCurrent(actor)).toBe(false);
    db.state.row = ['00000000-0000-4000-8000-000000000000', actor.tenantId, actor.role];
    expect(await gate.isCurrent(actor)).toBe(false);
  });
});
