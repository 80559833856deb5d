import { WORKSHOP_HEADER } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/demo-data.ts';
import { type ServerProcess, serverProcess } from './test/server-process.ts';

/** The real server process, stopped with kill -9 and started again: nothing it acknowledged may be lost. */

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function login(password: string) {
  const workshops = await call('GET', '/api/workspaces/available');
  const workshop = workshops.body.find((t: { name: string }) => t.name === 'De Draaischijf');
  return call(
    'POST',
    '/api/auth/login',
    { userNameOrEmailAddress: 'medewerker@dedraaischijf.nl', password },
    { [WORKSHOP_HEADER]: workshop.id },
  );
}

let server: ServerProcess;
beforeAll(async () => {
  server = await serverProcess('server');
});

afterAll(async () => {
  await server?.dispose();
});

describe('the server process', () => {
  it('prints the demo log-ins at start', async () => {
    await server.start();
    expect(server.output()).toContain('admin@ateliermarkt.nl');
    expect(server.output()).toContain('beheer@dedraaischijf.nl');
    expect(server.output()).toContain(DEMO_PASSWORD);
  }, 90_000);

  it('keeps an acknowledged profile and password change through kill -9', async () => {
    const token = (await login(DEMO_PASSWORD)).body.auth_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const put = await call(
      'PUT',
      '/api/identity/my-profile',
      {
        name: 'Tomas',
        surname: 'Bakker-Duurzaam',
        email: 'tomas@dedraaischijf.nl',
        phoneNumber: '030 555 0101',
        // A new log-in e-mail is re-confirmed with the password.
        currentPassword: DEMO_PASSWORD,
      },
      auth,
    );
    expect(put.status).toBe(200);
    const pw = await call(
      'POST',
      '/api/identity/my-profile/change-password',
      { currentPassword: DEMO_PASSWORD, newPassword: 'Duurzaam2026!' },
      auth,
    );
    expect(pw.status).toBe(204);

    await server.kill9();
    await server.start();

    expect((await login(DEMO_PASSWORD)).status).toBe(400);
    const again = await login('Duurzaam2026!');
    expect(again.status).toBe(200);
    const profile = await call('GET', '/api/identity/my-profile', undefined, {
      authorization: `Bearer ${again.body.auth_token}`,
    });
    expect(profile.body).toMatchObject({ name: 'Tomas', surname: 'Bakker-Duurzaam', email: 'tomas@dedraaischijf.nl' });
    // The old access token still verifies: the generated signing key was kept (DATA_DIR on PGlite, the database on
    // PostgreSQL).
    expect((await call('GET', '/api/identity/my-profile', undefined, auth)).status).toBe(200);
  }, 90_000);

  it('does not seed the demo data twice', async () => {
    const workshops = await call('GET', '/api/workspaces/available');
    expect(workshops.body).toHaveLength(3);
  });
});
