import { WORKSHOP_HEADER } from '@ateliermarkt/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { OperatorLog, redactUrl } from './logging.ts';

/** The log a person reads (`npm start`) and the one production keeps (JSON, request ids, no credentials). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('production logs (JSON)', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      { logStream: { write: (l) => void lines.push(l) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });
  const entries = () => lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: { url: string } });

  it('gives every request a random id, answers it in X-Request-Id and logs it', async () => {
    const first = await t.call('GET', '/api/health');
    const second = await t.call('GET', '/api/health');
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    const logged = entries().filter((e) => e.reqId === ids[1]);
    expect(logged.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('keeps a sane incoming X-Request-Id and replaces any other', async () => {
    const kept = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'lb-7f3a.2:9' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.2:9');
    expect(entries().some((e) => e.reqId === 'lb-7f3a.2:9')).toBe(true);
    for (const wrong of ['a b', 'x'.repeat(129), '<script>', '']) {
      const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': wrong } });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('writes no payment token and no reset code into the log', async () => {
    const token = 'PAYTOKEN1234567890abcdef';
    await t.call('GET', `/betalen/${token}`);
    await t.call('POST', `/betalen/${token}?from=mail`, { raw: '', headers: { 'content-type': 'text/plain' } });
    await t.call('GET', '/resetPassword?code=RESETCODE9876&userId=u1&tenantId=');
    await t.call('GET', '/api/anything?token=QUERYTOKEN55&page=2');
    const text = lines.join('');
    for (const secret of [token, 'RESETCODE9876', 'QUERYTOKEN55']) expect(text).not.toContain(secret);
    const urls = entries().flatMap((e) => (e.req ? [e.req.url] : []));
    expect(urls).toContain('/betalen/[redacted]');
    expect(urls).toContain('/betalen/[redacted]?from=mail');
    expect(urls).toContain('/resetPassword?code=[redacted]&userId=u1&tenantId=');
    expect(urls).toContain('/api/anything?token=[redacted]&page=2');
  });

  it('redacts credential query values by name, whatever their case or encoding', () => {
    expect(redactUrl('/x?resetToken=a&Code=b&api%5Fkey=c&q=d')).toBe(
      '/x?resetToken=[redacted]&Code=[redacted]&api%5Fkey=[redacted]&q=d',
    );
    expect(redactUrl('/betalen/abc/extra')).toBe('/betalen/[redacted]/extra');
    expect(redactUrl('/api/products?skipCount=0')).toBe('/api/products?skipCount=0');
  });
});

describe('the demo log (text)', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info', LOG_FORMAT: 'text' },
      { logStream: { write: (l) => void lines.push(l) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prints no line per request, and readable lines for what else happens (a mail and its link)', async () => {
    // What the start set going (the month-end invoices the demo's last month gets) is logged before this.
    await t.settled();
    const from = lines.length;
    for (let i = 0; i < 20; i++) await t.call('GET', '/api/workspaces/available');
    await t.call('POST', '/api/account/reset-password-request', {
      body: { emailAddress: 'medewerker@dedraaischijf.nl' },
      headers: { [WORKSHOP_HEADER]: await t.tenantId('De Draaischijf') },
    });
    await t.settled();
    const printed = lines.slice(from).join('').trim().split('\n');
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: mail written to outbox/);
    expect(printed[0]).toContain('/resetPassword?code=');
    expect(printed[0]?.startsWith('{')).toBe(false);
  });
});

describe('the demo log at debug level', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'debug', LOG_FORMAT: 'text' },
      { logStream: { write: (l) => void lines.push(l) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prints one short line per request', async () => {
    // What the start set going (the month-end invoices the demo's last month gets) is logged before this.
    await t.settled();
    const from = lines.length;
    await t.call('GET', '/api/health');
    await t.call('GET', '/betalen/SECRETPAY');
    const printed = lines.slice(from).join('').trim().split('\n');
    expect(printed).toHaveLength(2);
    expect(printed[0]).toMatch(/DEBUG: GET \/api\/health 200 \d+ ms$/);
    expect(printed[1]).toMatch(/DEBUG: GET \/betalen\/\[redacted\] \d+ \d+ ms$/);
  });
});

describe('a stream the visitor closed early', () => {
  const replyLogging = () => {
    const calls: { level: string; msg: string }[] = [];
    const at = (level: string) => (a: unknown, b?: unknown) =>
      void calls.push({ level, msg: String(typeof a === 'string' ? a : b) });
    const log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
    return { calls, reply: { log } as unknown as FastifyReply };
  };
  const request = { method: 'GET', url: '/api/images/x.webp?token=GEHEIM' } as FastifyRequest;

  it('is one debug line, not the info line Fastify writes for each one', () => {
    const { calls, reply } = replyLogging();
    const closed = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    new OperatorLog().streamError(closed, request, reply);
    expect(calls.map((c) => c.level)).toEqual(['debug']);
    expect(calls[0]?.msg).not.toContain('GEHEIM');
  });

  it('keeps any other stream error as a warning', () => {
    const { calls, reply } = replyLogging();
    new OperatorLog().streamError(new Error('EIO: read failed'), request, reply);
    expect(calls.map((c) => c.level)).toEqual(['warn']);
  });
});
