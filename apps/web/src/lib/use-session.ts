import { useSyncExternalStore } from 'react';
import { type Session, session } from './session.ts';

/** The current log-in session, or null when logged out. */
export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
