import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Node's connection limits, from REQUEST_TIMEOUT, HEADERS_TIMEOUT and KEEP_ALIVE_TIMEOUT (app.ts). Each test waits
 * for a limit in real time, so the limits are short and the three wait at once (each on a connection of its own).
 * The keep-alive limit stays a whole second: the `Keep-Alive: timeout=` header counts in whole seconds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT: '1s', HEADERS_TIMEOUT: '500ms', KEEP_ALIVE_TIMEOUT: '1s' });
});
afterAll(async () => {
  await t?.close();
});

/** Opens a raw connection, writes `text`, and resolves with everything the server sent once it closed it. */
async function untilClosed(text: string): Promise<string> {
  const port = Number(new URL(t.baseUrl).port);
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    received += chunk;
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(text);
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return received;
}

describe.concurrent('connection limits', () => {
  it('answers 408 and closes a connection whose headers do not arrive in time', async () => {
    const received = await untilClosed('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 and closes a connection whose body does not arrive in time', async () => {
    const received = await untilClosed(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT', async () => {
    const received = await untilClosed('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received.toLowerCase()).toContain('keep-alive: timeout=1');
  });
});
