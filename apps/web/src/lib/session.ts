/**
 * The log-in session: token, expiry (ms), refresh token and tenant id in local storage.
 * A watch compares the clock with the expiry every SESSION_CHECK_INTERVAL_MS and refreshes shortly before it;
 * when refreshing fails the session ends with reason 'expired'. Listeners of `onEnd` clear cached server data
 * and go home (app/session-effects). Raw fetch here, so the api client can depend on this module and not back.
 */
import {
  API_BASE,
  SESSION_CHECK_INTERVAL_MS,
  STORAGE_KEYS,
  type TokenResponse,
  WORKSHOP_HEADER,
} from '@ateliermarkt/contract';
import { loadFirstScreenSchemas } from './load-first-screen-schemas.ts';

/** Refresh this long before the expiry, so a call in flight never carries an expired token. */
export const REFRESH_MARGIN_MS = 30_000;

export type Session = { token: string; expiresAt: number; refreshToken: string };
export type SessionEndReason = 'logout' | 'expired';

type Listener = () => void;
type EndListener = (reason: SessionEndReason) => void;

function readStored(storage: Storage): Session | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  const expiresAt = Number(storage.getItem(STORAGE_KEYS.expiry));
  const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken) ?? '';
  if (!token || !Number.isFinite(expiresAt) || expiresAt <= 0) return null;
  return { token, expiresAt, refreshToken };
}

export function createSessionStore(storage: Storage = window.localStorage) {
  let current = readStored(storage);
  let refreshing: Promise<boolean> | null = null;
  const listeners = new Set<Listener>();
  const endListeners = new Set<EndListener>();

  const emit = () => {
    for (const l of listeners) l();
  };

  function write(tokens: TokenResponse) {
    const next: Session = {
      token: tokens.auth_token,
      expiresAt: Date.now() + tokens.expires_in * 1000,
      refreshToken: tokens.refresh_token,
    };
    storage.setItem(STORAGE_KEYS.token, next.token);
    storage.setItem(STORAGE_KEYS.expiry, String(next.expiresAt));
    storage.setItem(STORAGE_KEYS.refreshToken, next.refreshToken);
    current = next;
    emit();
  }

  function getWorkshopId(): string | null {
    return storage.getItem(STORAGE_KEYS.tenantId) || null;
  }

  function setWorkshopId(workshopId: string | null) {
    if (workshopId) storage.setItem(STORAGE_KEYS.tenantId, workshopId);
    else storage.removeItem(STORAGE_KEYS.tenantId);
  }

  /** Ends the session; the remembered tenant stays, so the log-in picker shows the last choice. */
  function end(reason: SessionEndReason) {
    const hadSession = current !== null;
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.expiry);
    storage.removeItem(STORAGE_KEYS.refreshToken);
    storage.removeItem(STORAGE_KEYS.welcome);
    current = null;
    emit();
    if (hadSession) for (const l of endListeners) l(reason);
  }

  async function doRefresh(): Promise<boolean> {
    // Another tab may have refreshed already: reusing its spent refresh token would revoke the whole family.
    const stored = readStored(storage);
    if (stored && current && stored.token !== current.token) {
      current = stored;
      emit();
      if (Date.now() < stored.expiresAt - REFRESH_MARGIN_MS) return true;
    }
    const session = current;
    if (!session?.refreshToken) return false;
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      const workshopId = getWorkshopId();
      if (workshopId) headers[WORKSHOP_HEADER] = workshopId;
      const response = await fetch(`${API_BASE}/auth/refresh`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ token: session.token, refreshToken: session.refreshToken }),
      });
      if (!response.ok) return false;
      const { tokenResponseSchema } = await loadFirstScreenSchemas();
      const parsed = tokenResponseSchema.safeParse(await response.json());
      if (!parsed.success) return false;
      write(parsed.data);
      return true;
    } catch {
      return false;
    }
  }

  const store = {
    get: (): Session | null => current,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Called when the session ends (logout or failed refresh). */
    onEnd(listener: EndListener): () => void {
      endListeners.add(listener);
      return () => {
        endListeners.delete(listener);
      };
    },
    getTenantId: getWorkshopId,
    setTenantId: setWorkshopId,
    start(tokens: TokenResponse, workshopId: string | null): void {
      // A log-in: the welcome an earlier session's home remembered (first paint, 0081) may be another user's.
      storage.removeItem(STORAGE_KEYS.welcome);
      setWorkshopId(workshopId);
      write(tokens);
    },
    end,
    /** One refresh at a time: concurrent callers share it (the refresh token rotates on every use). */
    refresh(): Promise<boolean> {
      refreshing ??= doRefresh().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    /** Refreshes when the expiry is near; ends the session when that fails. */
    async check(): Promise<void> {
      const session = current;
      if (!session) return;
      if (Date.now() < session.expiresAt - REFRESH_MARGIN_MS) return;
      const ok = await store.refresh();
      if (!ok && current) store.end('expired');
    },
    /** Starts the periodic expiry check; returns the function that stops it. */
    watch(intervalMs: number = SESSION_CHECK_INTERVAL_MS): () => void {
      void store.check();
      const timer = setInterval(() => void store.check(), intervalMs);
      return () => clearInterval(timer);
    },
    /** Revokes the refresh token on the server (best effort), then ends the session. */
    async logout(): Promise<void> {
      const session = current;
      if (session) {
        try {
          await fetch(`${API_BASE}/auth/logout`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
            body: JSON.stringify({ refreshToken: session.refreshToken }),
          });
        } catch {
          // The local session ends anyway; the refresh token then simply expires on the server.
        }
      }
      store.end('logout');
    },
    /** Another tab logged in or out: follow it. */
    syncFromStorage(): void {
      const next = readStored(storage);
      if (next?.token === current?.token) return;
      if (!next) {
        store.end('logout');
        return;
      }
      current = next;
      emit();
    },
  };
  return store;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const session: SessionStore = createSessionStore();
