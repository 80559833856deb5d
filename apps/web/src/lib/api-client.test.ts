import { endpoints, MESSAGES, profileSchema, transitionEndpoints } from '@ateliermarkt/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { ApiError, createApiClient } from './api-client.ts';
import { createSessionStore } from './session.ts';

const tokens = { auth_token: 't1', auth_type: 'Bearer' as const, expires_in: 900, refresh_token: 'r1' };
const envelope = (message: string, status: number) =>
  jsonResponse({ error: { code: 'X', message, details: null, validationErrors: null } }, status);

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends the bearer token and the tenant header', async () => {
    const store = createSessionStore();
    store.start(tokens, null);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await createApiClient(store).request('identity/my-profile', { method: 'PUT', body: { a: 1 }, tenantId: 'x' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/identity/my-profile');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer t1',
      __tenant: 'x',
      'Content-Type': 'application/json',
    });
  });

  it('sends one Idempotency-Key per create submission, the same for its retries', async () => {
    const store = createSessionStore();
    store.start(tokens, null);
    const client = createApiClient(store);
    const page = { title: 'Over ons', body: '<p>Hallo</p>' } as Record<string, string>;
    const saved = () =>
      jsonResponse({ id: 'p-1', title: 'Over ons', slug: 'over-ons', body: '', position: 99, isFooterPage: false });
    const keyOf = (i: number) =>
      (fetchMock.mock.calls[i]?.[1]?.headers as Record<string, string> | undefined)?.['idempotency-key'];
    fetchMock.mockResolvedValueOnce(envelope(MESSAGES.generalError, 503));
    await expect(client.api(endpoints.createPage, { body: page as never })).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValueOnce(saved());
    await client.api(endpoints.createPage, { body: page as never });
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    // The retry of the same submission carries the same key; the server answers it as the first (one page).
    expect(keyOf(1)).toBe(keyOf(0));
    // Saved: the next page is a new submission, and so is a changed form.
    fetchMock.mockResolvedValueOnce(saved());
    await client.api(endpoints.createPage, { body: page as never });
    expect(keyOf(2)).not.toBe(keyOf(0));
    fetchMock.mockResolvedValueOnce(envelope(MESSAGES.generalError, 503));
    await client.api(endpoints.createPage, { body: { ...page, title: 'Anders' } as never }).catch(() => {});
    expect(keyOf(3)).not.toBe(keyOf(2));
    // A call that is no create sends none.
    fetchMock.mockResolvedValueOnce(saved());
    await client.api(endpoints.updatePage, { params: { id: 'p-1' }, body: page as never });
    expect(keyOf(4)).toBeUndefined();
  });

  it('turns an error envelope into an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          error: {
            code: 'Validation',
            message: MESSAGES.validationFailed,
            details: null,
            validationErrors: [{ message: MESSAGES.emailTaken, members: ['email'] }],
          },
        },
        400,
      ),
    );
    const error = await createApiClient(createSessionStore())
      .request('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'Validation', message: MESSAGES.validationFailed });
    expect((error as ApiError).validationErrors[0]?.members).toEqual(['email']);
  });

  it('turns a network failure into the general error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await createApiClient(createSessionStore())
      .request('x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: MESSAGES.generalError });
  });

  it('uses a message for the status when the body is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 429 }));
    const error = await createApiClient(createSessionStore())
      .request('x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, message: MESSAGES.tooManyRequests });
  });

  it('validates the answer with the schema', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ nope: true }));
    const error = await createApiClient(createSessionStore())
      .request('identity/my-profile', { schema: profileSchema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: MESSAGES.generalError });
  });

  it('refreshes once on 401 and retries the call', async () => {
    const store = createSessionStore();
    store.start(tokens, null);
    fetchMock
      .mockResolvedValueOnce(envelope(MESSAGES.notLoggedIn, 401))
      .mockResolvedValueOnce(jsonResponse({ ...tokens, auth_token: 't2', refresh_token: 'r2' }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    await createApiClient(store).request('x', { method: 'POST' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[2]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer t2' });
  });

  it('ends the session when the 401 stays', async () => {
    const store = createSessionStore();
    store.start(tokens, null);
    const ended = vi.fn();
    store.onEnd(ended);
    fetchMock
      .mockResolvedValueOnce(envelope(MESSAGES.notLoggedIn, 401))
      .mockResolvedValueOnce(envelope(MESSAGES.refreshInvalid, 401));
    const error = await createApiClient(store)
      .request('x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledWith('expired');
    expect(store.get()).toBeNull();
  });

  describe('api(endpoint)', () => {
    it('fills in the path, sends the query and body, and reads the answer with the 200 schema', async () => {
      const store = createSessionStore();
      store.start(tokens, null);
      const user = {
        id: crypto.randomUUID(),
        tenantId: crypto.randomUUID(),
        userName: 'an',
        name: 'An',
        surname: 'Jansen',
        fullName: 'An Jansen',
        email: 'an@example.nl',
        phoneNumber: null,
        role: 'user',
        roles: ['user'],
        concurrencyStamp: 'x',
      };
      fetchMock.mockResolvedValueOnce(jsonResponse(user));
      const id = 'a b/c';
      const answer = await createApiClient(store).api(endpoints.getUser, { params: { id } });
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('/api/identity/users/a%20b%2Fc');
      expect(init).toMatchObject({ method: 'GET', headers: { Authorization: 'Bearer t1' } });
      expect(answer).toEqual(user);

      fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
      await createApiClient(store).api(transitionEndpoints.received, { params: { id: 'r1' } });
      expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/reservations/r1/received');
      expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');

      fetchMock.mockResolvedValueOnce(jsonResponse({ items: [], totalCount: 0 }));
      await createApiClient(store).api(endpoints.listReservations, {
        query: { status: 'open', skipCount: 0, maxResultCount: 25 },
      });
      expect(fetchMock.mock.calls[2]?.[0]).toBe('/api/reservations/all?status=open&skipCount=0&maxResultCount=25');
    });

    it('sends no token to a public operation', async () => {
      const store = createSessionStore();
      store.start(tokens, null);
      fetchMock.mockResolvedValueOnce(jsonResponse([]));
      await createApiClient(store).api(endpoints.listAvailableWorkspaces);
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('/api/workspaces/available');
      expect(init?.headers).not.toHaveProperty('Authorization');
    });

    it('refuses an answer that does not fit the schema', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse({ count: 'three' }));
      const error = await createApiClient(createSessionStore())
        .api(endpoints.countOpenReservations)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ message: MESSAGES.generalError });
    });
  });
});
