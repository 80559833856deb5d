import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './auth.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const user = {
  id: '7f1c6f1e-3a43-4c1b-9a0e-0b1f4f2a8c11',
  tenantId: 'c0a8012e-0000-4000-8000-000000000001',
  role: 'admin',
  sessionId: '5b0e6c1a-8d2f-4e7b-9c3a-1f2e3d4c5b6a',
};

describe('access tokens: verified ones are remembered until they expire', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a verified token again with the same actor, and refuses it once its expiry has come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const signer = createTokenSigner(SECRET, 15);
    const { token } = await signer.sign(user);
    const first = await signer.verify(token);
    expect(first).toEqual({
      userId: user.id,
      tenantId: user.tenantId,
      role: 'admin',
      kind: 'workshopAdmin',
      sessionId: user.sessionId,
    });
    expect(await signer.verify(token)).toBe(first);

    vi.setSystemTime(new Date('2026-11-22T10:14:59Z'));
    expect(await signer.verify(token)).toBe(first);
    vi.setSystemTime(new Date('2026-11-22T10:15:00Z'));
    await expect(signer.verify(token)).rejects.toThrow();
  });

  it('still checks a token in full when it differs from a remembered one by one character', async () => {
    const signer = createTokenSigner(SECRET, 15);
    const { token } = await signer.sign(user);
    await signer.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`;
    await expect(signer.verify(tampered)).rejects.toThrow();
    const other = createTokenSigner('another-secret-of-enough-length-987654321', 15);
    await expect(other.verify(token)).rejects.toThrow();
  });
});

describe('access tokens name their session', () => {
  it('refuses a correctly signed token without a session id (one made before sessions were checked)', async () => {
    const signer = createTokenSigner(SECRET, 15);
    const old = await new SignJWT({ tid: user.tenantId, role: user.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('ateliermarkt')
      .setAudience('ateliermarkt-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(SECRET));
    await expect(signer.verify(old)).rejects.toThrow();
    const { token } = await signer.sign(user);
    expect((await signer.verify(token)).sessionId).toBe(user.sessionId);
  });
});
