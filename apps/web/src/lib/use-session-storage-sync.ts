import { STORAGE_KEYS } from '@ateliermarkt/contract';
import { useEffect } from 'react';
import { session } from './session.ts';

const SESSION_KEYS: readonly string[] = Object.values(STORAGE_KEYS);

/** Another tab logged in or out: follow it (a storage event for one of the session's keys, or a cleared storage). */
export function useSessionStorageSync(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || SESSION_KEYS.includes(event.key)) session.syncFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
