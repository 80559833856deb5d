import { describe, expect, it } from 'vitest';
import { createPool } from './client.ts';

describe('the PostgreSQL connection pool', () => {
  it('survives the server dropping an idle connection instead of ending the process', async () => {
    const seen: Error[] = [];
    // No connection is made until a query: the address is never dialled.
    const pool = createPool('postgres://postgres@127.0.0.1:1/ateliermarkt', (error) => seen.push(error));
    const dropped = new Error('terminating connection due to administrator command');
    // Without a listener, EventEmitter throws an 'error' event, which in the server is an uncaught exception.
    expect(() => pool.emit('error', dropped)).not.toThrow();
    expect(seen).toEqual([dropped]);
    await pool.end();
  });
});
