import http from 'node:http';
import net from 'node:net';
import { WORKSHOP_HEADER } from '@ateliermarkt/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/demo-data.ts';
import { openEvents } from './test/event-stream.ts';
import { type ServerProcess, serverProcess } from './test/server-process.ts';

/**
 * SIGTERM on the real server process (src/lib/shutdown.ts): what was sent before it is answered, keep-alive
 * connections do not keep the process alive, and a request that hangs does not either.
 */

type Answer = { status: number; body: string };

const FULL_COST_PASSWORD = 'Stopproef2026!';

function request(
  agent: http.Agent | false,
  port: number,
  path: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  let written!: () => void;
  const sent = new Promise<void>((resolve) => {
    written = resolve;
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: body ? 'POST' : 'GET',
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // 'finish': the whole request is handed to the operating system, on its way to the server.
    req.on('finish', written);
    req.end(payload);
  });
  return { sent, answered };
}

/** Resolves with the exit code, or with 'still running' when the process has not ended within `ms`. */
async function exitWithin(server: ServerProcess, ms: number): Promise<{ code: number | null } | 'still running'> {
  const exited = server.terminate().then((code) => ({ code }));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms);
  });
  const result = await Promise.race([exited, deadline]);
  clearTimeout(timer);
  return result;
}

const productBody = (name: string, categoryId: string) => ({
  name,
  description: 'Voor de stopproef.',
  extraInformation: '',
  material: 'Klei',
  isUniqueEdition: true,
  categories: [{ id: categoryId }],
  customCategories: [],
  price: 20,
  weight: 500,
  length: 10,
  width: 10,
  height: 10,
  deliveryMethods: [{ id: 1 }, { id: 3 }],
  images: [],
  authorName: null,
  authorDescription: null,
  authorImage: null,
});

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

describe('stopping the server with SIGTERM', () => {
  it('answers every request sent before it and exits within 10 s despite keep-alive connections', async () => {
    server = await serverProcess('shutdown', { RATE_LIMIT_PER_MINUTE: '1000' });
    await server.start();
    const { port } = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });
    // 24 keep-alive connections, open and idle, as a browser or a proxy keeps them.
    const warm = await Promise.all(
      Array.from({ length: 24 }, () => request(agent, port, '/api/workspaces/available').answered),
    );
    const workshops = JSON.parse(warm[0]?.body ?? '[]') as { id: string; name: string }[];
    const workshop = workshops.find((t) => t.name === 'De Draaischijf')?.id ?? '';
    // One more idle keep-alive connection that sends nothing more.
    const idleAgent = new http.Agent({ keepAlive: true });
    expect((await request(idleAgent, port, '/api/health').answered).status).toBe(200);

    // A password the server itself hashes, at its full argon2 cost (the test run's snapshot holds the demo's at the
    // least cost, setup.ts), so the log-ins below each cost what they cost in production.
    const credentials = { userNameOrEmailAddress: 'medewerker@dedraaischijf.nl', password: DEMO_PASSWORD };
    const first = await request(false, port, '/api/auth/login', credentials, { [WORKSHOP_HEADER]: workshop }).answered;
    const token = (JSON.parse(first.body) as { auth_token: string }).auth_token;
    const changed = await request(
      false,
      port,
      '/api/identity/my-profile/change-password',
      { currentPassword: DEMO_PASSWORD, newPassword: FULL_COST_PASSWORD },
      { authorization: `Bearer ${token}` },
    ).answered;
    expect(changed.status).toBe(204);
    // 24 log-ins (argon2: they queue on the CPU), all written to the server before the signal.
    const logins = Array.from({ length: 24 }, () =>
      request(
        agent,
        port,
        '/api/auth/login',
        { ...credentials, password: FULL_COST_PASSWORD },
        { [WORKSHOP_HEADER]: workshop },
      ),
    );
    // And 8 on connections of their own, opened just now.
    const fresh = Array.from({ length: 8 }, () => request(false, port, '/api/workspaces/available'));
    const all = [...logins, ...fresh];
    await Promise.all(all.map((l) => l.sent));
    const exit = exitWithin(server, 10_000);
    const answers = await Promise.allSettled(all.map((l) => l.answered));

    const failed = answers.flatMap((a, i) =>
      a.status === 'rejected' ? [`${i < logins.length ? 'log-in' : 'new connection'}: ${String(a.reason)}`] : [],
    );
    expect(failed).toEqual([]);
    const statuses = answers.map((a) => (a.status === 'fulfilled' ? a.value.status : 0));
    expect(statuses).toEqual(Array(32).fill(200));
    expect(await exit).toEqual({ code: 0 });
    console.log('SIGTERM: 24 log-ins on keep-alive connections and 8 requests on new ones, sent before it: all 200');
    agent.destroy();
    idleAgent.destroy();
  }, 60_000);

  it('finishes creates and log-ins that arrived just before it, on PGlite as on PostgreSQL (three rounds)', async () => {
    server = await serverProcess('shutdown-creates', { RATE_LIMIT_PER_MINUTE: '1000' });
    for (let round = 1; round <= 3; round++) {
      await server.start();
      const { port } = server;
      const workshops = JSON.parse((await request(false, port, '/api/workspaces/available').answered).body) as {
        id: string;
        name: string;
      }[];
      const workshop = { [WORKSHOP_HEADER]: workshops.find((t) => t.name === 'De Draaischijf')?.id ?? '' };
      const credentials = { userNameOrEmailAddress: 'beheer@dedraaischijf.nl', password: DEMO_PASSWORD };
      const login = await request(false, port, '/api/auth/login', credentials, workshop).answered;
      const auth = { authorization: `Bearer ${(JSON.parse(login.body) as { auth_token: string }).auth_token}` };
      const categories = JSON.parse((await request(false, port, '/api/categories/all', undefined, auth).answered).body);
      const categoryId = (categories as { id: string }[])[0]?.id ?? '';
      // 8 creates (each a write the embedded database does on the event loop's thread) and 2 log-ins, each on a
      // connection of its own opened just now: all of it handed to the operating system before the signal.
      const creates = Array.from({ length: 8 }, (_, i) =>
        request(false, port, '/api/products', productBody(`Stopproef ${round}.${i}`, categoryId), auth),
      );
      const logins = Array.from({ length: 2 }, () => request(false, port, '/api/auth/login', credentials, workshop));
      const all = [...creates, ...logins];
      await Promise.all(all.map((l) => l.sent));
      const exit = exitWithin(server, 10_000);
      const answers = await Promise.allSettled(all.map((l) => l.answered));
      const failed = answers.flatMap((a, i) =>
        a.status === 'rejected' ? [`round ${round} ${i < 8 ? 'create' : 'log-in'}: ${String(a.reason)}`] : [],
      );
      expect(failed).toEqual([]);
      expect(answers.map((a) => (a.status === 'fulfilled' ? a.value.status : 0))).toEqual([
        ...Array(8).fill(200),
        200,
        200,
      ]);
      expect(await exit).toEqual({ code: 0 });
    }
  }, 120_000);

  it('ends an open event stream and exits with 0: a live stream does not hold the server', async () => {
    server = await serverProcess('shutdown-events', {});
    await server.start();
    const workshops = (await (await fetch(`${server.baseUrl}/api/workspaces/available`)).json()) as {
      id: string;
      name: string;
    }[];
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WORKSHOP_HEADER]: workshops.find((t) => t.name === 'De Draaischijf')?.id ?? '',
      },
      body: JSON.stringify({ userNameOrEmailAddress: 'beheer@dedraaischijf.nl', password: DEMO_PASSWORD }),
    });
    const { auth_token: token } = (await login.json()) as { auth_token: string };
    const stream = await openEvents(server.baseUrl, token);
    expect(stream.response.status).toBe(200);

    expect(await exitWithin(server, 10_000)).toEqual({ code: 0 });
    // The server ended it (the reader saw its end), it was not cut by the process dying mid-way.
    await stream.ended;
    expect(server.output()).not.toContain('shutdown took too long');
  }, 60_000);

  it('exits after SHUTDOWN_TIMEOUT when a request hangs', async () => {
    server = await serverProcess('shutdown-hang', { SHUTDOWN_TIMEOUT: '1s', DEMO_DATA: '0' });
    await server.start();
    // A request whose body never arrives: the server waits for it (REQUEST_TIMEOUT is a minute).
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    // The server has read the request's start once it answers another request after it.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

    expect(await exitWithin(server, 10_000)).toEqual({ code: 1 });
    expect(server.output()).toContain('shutdown took too long');
    socket.destroy();
  }, 60_000);
});
