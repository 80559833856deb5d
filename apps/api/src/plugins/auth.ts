import { type RoleKind, roleKindOf } from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { forbidden, notLoggedIn } from '../lib/app-error.ts';

/** Who is calling: taken from the signed access token, never from anything else the client sends. */
export type Actor = {
  userId: string;
  tenantId: string | null;
  role: string;
  kind: RoleKind;
  /** The log-in this token belongs to (its `sid`): checked against the database on every request. */
  sessionId: string;
};

/**
 * Whether a verified token still speaks for its user: its session not ended, its user still there with the token's
 * role and tenant (modules/auth/sessions.ts, docs/decisions/0017).
 */
export type SessionCheck = { isCurrent: (actor: Actor) => Promise<boolean> };
/** The session check the auth module builds (modules/auth/sessions.ts), as the app context holds it. */
export type SessionGate = SessionCheck & {
  /** Forgets what this instance remembered; called after this instance committed a change to sessions or users. */
  forget: () => void;
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const ISSUER = 'ateliermarkt';
const AUDIENCE = 'ateliermarkt-api';

export type TokenSigner = {
  sign: (user: {
    id: string;
    tenantId: string | null;
    role: string;
    sessionId: string;
  }) => Promise<{ token: string; expiresIn: number }>;
  verify: (token: string) => Promise<Actor>;
};

/** How many verified access tokens are remembered (a few KB each at most; the oldest go first). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenSigner(secret: string, minutes: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens already verified, with who they name and until when (exp, in ms). A token is an immutable signed string
   * and verification is stateless, so a token verified once gives the same answer until it expires; remembering it
   * saves the HMAC check (a WebCrypto round trip to the thread pool, ~17 % of a small read in `npm run bench`).
   * Only successfully verified tokens are kept, so a tampered or foreign token is always checked in full.
   */
  const verified = new Map<string, { actor: Actor; expiresAt: number }>();
  return {
    async sign(user) {
      const expiresIn = minutes * 60;
      const token = await new SignJWT({ tid: user.tenantId, role: user.role, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${expiresIn}s`)
        .sign(key);
      return { token, expiresIn };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // jose's rule: a token is expired once its exp second has come.
        if (Date.now() < known.expiresAt) return known.actor;
        verified.delete(token);
      }
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      const workshopId = typeof payload.tid === 'string' ? payload.tid : null;
      const role = typeof payload.role === 'string' ? payload.role : 'user';
      if (!payload.sub) throw new joseErrors.JWTInvalid('no subject');
      if (typeof payload.sid !== 'string' || !payload.sid) throw new joseErrors.JWTInvalid('no session');
      if (typeof payload.exp !== 'number') throw new joseErrors.JWTInvalid('no expiry');
      const actor: Actor = Object.freeze({
        userId: payload.sub,
        tenantId: workshopId,
        role,
        kind: roleKindOf({ roles: [role], tenant: workshopId ? { id: workshopId } : null }),
        sessionId: payload.sid,
      });
      if (verified.size >= VERIFIED_CACHE_SIZE) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, { actor, expiresAt: payload.exp * 1000 });
      return actor;
    },
  };
}

/**
 * Reads the bearer token on every request; a route that needs one has `requireAuth`/`requireRole` as its onRequest. A
 * token that verifies but whose session has ended (or whose user changed) counts as no token: 401 where one is needed.
 */
export function registerAuth(app: FastifyInstance, signer: TokenSigner, sessions: SessionCheck) {
  app.decorateRequest('actor', null);
  app.addHook('onRoute', refuseLateGuards);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    let actor: Actor;
    try {
      actor = await signer.verify(header.slice(7).trim());
    } catch {
      return;
    }
    // Outside the try: a database that cannot answer is a 503 (error handler), not a log-out.
    if (await sessions.isCurrent(actor)) request.actor = actor;
  });
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw notLoggedIn();
  return request.actor;
}

/**
 * A route declares who may call it with one of the guards below as its `onRequest` hook, and nowhere else: it then
 * runs before the body is read, parsed or validated, so an anonymous or forbidden caller gets its 401/403 without
 * the server spending anything on the body, and learns nothing from validation messages. A guard given
 * as a later hook (`preParsing`, `preValidation`, `preHandler`) would run after that work: it is refused at start.
 */
const GUARDS = new WeakSet<object>();
const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;

function guard(check: (request: FastifyRequest) => void): onRequestAsyncHookHandler {
  const hook: onRequestAsyncHookHandler = async (request) => check(request);
  GUARDS.add(hook);
  return hook;
}

/** Refuses, when a route is registered, a guard in any hook after `onRequest`. */
function refuseLateGuards(route: RouteOptions) {
  for (const name of LATE_HOOKS) {
    const hooks: unknown[] = [route[name] ?? []].flat();
    if (hooks.some((hook) => typeof hook === 'function' && GUARDS.has(hook))) {
      throw new Error(`${String(route.method)} ${route.url}: a guard belongs in onRequest, not in ${name}`);
    }
  }
}

/** A guard for routes open to every logged-in user. */
export const requireAuth = guard((request) => {
  actorOf(request);
});

/** A guard for routes open to some kinds of user only: 401 when not logged in, 403 for the others. */
export function requireRole(...kinds: RoleKind[]): onRequestAsyncHookHandler {
  return guard((request) => {
    const actor = actorOf(request);
    if (!kinds.includes(actor.kind)) throw forbidden();
  });
}
