import { SESSION_CHECK_INTERVAL_MS, STORAGE_KEYS } from '@ateliermarkt/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { loadFirstScreenSchemas } from './load-first-screen-schemas.ts';
import { createSessionStore, REFRESH_MARGIN_MS } from './session.ts';

const tokens = (n: number, expiresIn = 900) => ({
  auth_token: `token-${n}`,
  auth_type: 'Bearer' as const,
  expires_in: expiresIn,
  refresh_token: `refresh-${n}`,
});

describe('session', () => {
  const fetchMock = vi.fn<typeof fetch>();

  // A refresh reads the answer with a schema that loads lazily (first-screen-schemas.ts); loaded once here, so under
  // fake timers a refresh does not wait for a real module load.
  beforeAll(async () => {
    await loadFirstScreenSchemas();
  });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('stores token, expiry in ms, refresh token and tenant id', () => {
    const store = createSessionStore();
    store.start(tokens(1), 'tenant-a');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-1');
    expect(Number(localStorage.getItem(STORAGE_KEYS.expiry))).toBe(Date.now() + 900_000);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(localStorage.getItem(STORAGE_KEYS.tenantId)).toBe('tenant-a');
    expect(createSessionStore().get()?.token).toBe('token-1');
  });

  it("forgets an admin's remembered welcome (index.html's first paint) at a log-in and when the session ends", () => {
    localStorage.setItem(STORAGE_KEYS.welcome, '{"hello":"Hallo Anna!","intro":"…"}');
    const store = createSessionStore();
    store.start(tokens(1), null);
    expect(localStorage.getItem(STORAGE_KEYS.welcome)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.welcome, '{"hello":"Hallo Bram!","intro":"…"}');
    store.end('logout');
    expect(localStorage.getItem(STORAGE_KEYS.welcome)).toBeNull();
  });

  it('does not refresh while the expiry is far away', async () => {
    const store = createSessionStore();
    store.start(tokens(1), null);
    const stop = store.watch();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });

  it('refreshes shortly before the expiry and keeps the session', async () => {
    const store = createSessionStore();
    store.start(tokens(1), 'tenant-a');
    fetchMock.mockResolvedValueOnce(jsonResponse(tokens(2)));
    const stop = store.watch();
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_MARGIN_MS + SESSION_CHECK_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/refresh');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'token-1', refreshToken: 'refresh-1' });
    expect((init?.headers as Record<string, string> | undefined)?.__tenant).toBe('tenant-a');
    expect(store.get()?.token).toBe('token-2');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    stop();
  });

  it('ends the session as expired when the refresh fails, keeping the tenant', async () => {
    const store = createSessionStore();
    store.start(tokens(1, 10), 'tenant-a');
    const ended = vi.fn();
    store.onEnd(ended);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { error: { code: 'InvalidRefreshToken', message: 'x', details: null, validationErrors: null } },
        401,
      ),
    );
    const stop = store.watch();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(ended).toHaveBeenCalledWith('expired');
    expect(store.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.tenantId)).toBe('tenant-a');
    stop();
  });

  it('ends the session when the network fails during refresh', async () => {
    const store = createSessionStore();
    store.start(tokens(1, 1), null);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await store.check();
    expect(store.get()).toBeNull();
  });

  it('shares one refresh between concurrent callers', async () => {
    const store = createSessionStore();
    store.start(tokens(1, 1), null);
    fetchMock.mockResolvedValueOnce(jsonResponse(tokens(2)));
    const results = await Promise.all([store.refresh(), store.refresh()]);
    expect(results).toEqual([true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs out on the server with the bearer token, then ends the session', async () => {
    const store = createSessionStore();
    store.start(tokens(1), null);
    const ended = vi.fn();
    store.onEnd(ended);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await store.logout();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/logout');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer token-1');
    expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(ended).toHaveBeenCalledWith('logout');
    expect(store.get()).toBeNull();
  });
});

describe('session shared between tabs', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('adopts the tokens another tab refreshed instead of spending the refresh token twice', async () => {
    const store = createSessionStore();
    store.start(tokens(1, 1), null);
    // Another tab wrote fresh tokens to the shared storage.
    createSessionStore().start(tokens(2), null);
    expect(await store.refresh()).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get()?.token).toBe('token-2');
  });
});
