import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

// TEMPORARY: timing log of the support helpers (E2E_TIMING=file).
export async function timed<T>(op: string, fn: () => Promise<T>): Promise<T> {
  const out = process.env.E2E_TIMING;
  if (!out) return fn();
  const start = performance.now();
  try {
    return await fn();
  } finally {
    const state = expect.getState();
    appendFileSync(
      out,
      `${JSON.stringify({ file: path.basename(state.testPath ?? '?'), test: state.currentTestName, op, ms: Math.round(performance.now() - start), w: process.env.VITEST_POOL_ID })}\n`,
    );
  }
}
