/**
 * rememberedPerWorkshop (docs/decisions/0077): a workshop's figure is added up again only when its own version
 * changed, or, for a figure that depends on the time, when the database's clock left the period it holds; every
 * other workshop's comes from memory. The computation here is a fake that records what it was asked.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { type Computed, rememberedPerWorkshop, type WorkshopVersions } from './workshop-memory.ts';

const database = () => ({ db: {} }) as unknown as Database;
/** Every workshop's versions (a to c), or one workshop's when `entries` has one. */
const versions = (at: number, entries: Record<string, string>): WorkshopVersions => ({
  versions: new Map(Object.entries(entries)),
  at,
  every: Object.keys(entries).length > 1,
});

/** A computation that answers `value(id)` for each asked workshop (a to c when asked for every one). */
function counting(value: (id: string) => Computed<number> | null) {
  const asked: (string[] | null)[] = [];
  const compute = async (ids: string[] | null) => {
    asked.push(ids);
    const rows = new Map<string, Computed<number>>();
    for (const id of ids ?? ['a', 'b', 'c']) {
      const v = value(id);
      if (v) rows.set(id, v);
    }
    return { rows };
  };
  return { asked, compute };
}

describe('figures remembered per workshop', () => {
  it('adds up only the workshops written to since, and gives the others from memory', async () => {
    const db = database();
    let round = 1;
    const { asked, compute } = counting((id) => (id === 'c' ? null : { value: round * 10 + id.charCodeAt(0) }));
    const ask = (v: WorkshopVersions) => rememberedPerWorkshop(db, 'k', v, { value: 0 }, compute);

    expect(await ask(versions(1, { a: '1', b: '1', c: '1' }))).toEqual(
      new Map([
        ['a', 10 + 97],
        ['b', 10 + 98],
        ['c', 0],
      ]),
    );
    expect(asked).toEqual([null]);

    // Nothing written: nothing added up.
    round = 2;
    expect(await ask(versions(2, { a: '1', b: '1', c: '1' }))).toEqual(
      new Map([
        ['a', 107],
        ['b', 108],
        ['c', 0],
      ]),
    );
    expect(asked).toEqual([null]);

    // A write in b: only b again.
    expect(await ask(versions(3, { a: '1', b: '5', c: '1' }))).toEqual(
      new Map([
        ['a', 107],
        ['b', 20 + 98],
        ['c', 0],
      ]),
    );
    expect(asked).toEqual([null, ['b']]);

    // One workshop's scope shares the memory: a is remembered, d (new) is added up.
    expect(await ask(versions(4, { a: '1' }))).toEqual(new Map([['a', 107]]));
    expect(await ask(versions(4, { d: '1' }))).toEqual(new Map([['d', 20 + 100]]));
    expect(asked).toEqual([null, ['b'], ['d']]);

    // Another kind of figure (key) is remembered apart.
    await rememberedPerWorkshop(db, 'other', versions(5, { a: '1' }), { value: 0 }, compute);
    expect(asked).toEqual([null, ['b'], ['d'], ['a']]);
  });

  it('adds a time-dependent figure up again outside the period it holds', async () => {
    const db = database();
    const { asked, compute } = counting((id) =>
      id === 'a' ? { value: 1, from: 1_000, until: 61_000 } : { value: 2, from: 1_000, until: 1_000 },
    );
    const ask = (at: number) =>
      rememberedPerWorkshop(db, 'todo', versions(at, { a: '1', b: '1' }), { value: 0 }, compute);
    await ask(1_000);
    expect(asked).toEqual([null]);
    // Within a's period: a from memory; b held only at its own moment.
    await ask(30_000);
    expect(asked).toEqual([null, ['b']]);
    await ask(61_000);
    expect(asked).toEqual([null, ['b'], ['b']]);
    // After a's period, and (read before a's period began) before it: both again.
    await ask(61_001);
    await ask(999);
    expect(asked).toEqual([null, ['b'], ['b'], null, null]);
  });

  it('adds a workshop up once for calls that find it stale at the same version at once', async () => {
    const db = database();
    const asked: (string[] | null)[] = [];
    const gates: (() => void)[] = [];
    let round = 0;
    const compute = async (ids: string[] | null) => {
      asked.push(ids);
      round += 1;
      const value = round;
      await new Promise<void>((resolve) => gates.push(resolve));
      return { rows: new Map((ids ?? ['a', 'b']).map((id) => [id, { value: value * 10 }])) };
    };
    const ask = (v: WorkshopVersions) => rememberedPerWorkshop(db, 'k', v, { value: 0 }, compute);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    const first = ask(versions(1, { a: '1', b: '1' }));
    // Same versions while the first computation runs: it waits for that one.
    const second = ask(versions(2, { a: '1', b: '1' }));
    // One workshop's scope at the same version joins it too; at a newer version it is added up on its own.
    const third = ask(versions(2, { a: '1' }));
    const newer = ask(versions(2, { b: '2' }));
    await settle();
    expect(asked).toEqual([null, ['b']]);
    for (const open of gates) open();
    expect(await first).toEqual(
      new Map([
        ['a', 10],
        ['b', 10],
      ]),
    );
    expect(await second).toEqual(await first);
    expect(await third).toEqual(new Map([['a', 10]]));
    expect(await newer).toEqual(new Map([['b', 20]]));

    // A failed computation fails the calls that waited for it, and the next call adds up afresh.
    const failing = async () => {
      await settle();
      throw new Error('database down');
    };
    const down = rememberedPerWorkshop(db, 'k', versions(3, { a: '9' }), { value: 0 }, failing);
    const waiting = ask(versions(3, { a: '9' }));
    await expect(down).rejects.toThrow('database down');
    await expect(waiting).rejects.toThrow('database down');
    const again = ask(versions(4, { a: '9' }));
    await settle();
    for (const open of gates) open();
    expect(await again).toEqual(new Map([['a', 30]]));
  });

  it('adds up again a shared time-dependent figure whose period ended before its own moment', async () => {
    const db = database();
    const asked: (string[] | null)[] = [];
    let open = () => {};
    const compute = async (ids: string[] | null) => {
      asked.push(ids);
      const from = asked.length === 1 ? 1_000 : 5_000;
      if (asked.length === 1) await new Promise<void>((resolve) => (open = resolve));
      return { rows: new Map((ids ?? []).map((id) => [id, { value: from, from, until: from }])) };
    };
    const ask = (at: number) => rememberedPerWorkshop(db, 'todo', versions(at, { a: '1' }), { value: 0 }, compute);
    const first = ask(1_000);
    const later = ask(5_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    open();
    expect(await first).toEqual(new Map([['a', 1_000]]));
    expect(await later).toEqual(new Map([['a', 5_000]]));
    expect(asked).toEqual([['a'], ['a']]);
  });
});
