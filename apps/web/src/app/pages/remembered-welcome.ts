/**
 * An admin's home remembers its welcome texts in local storage, so that the next page opened at `/` paints them from
 * index.html (its welcome script, docs/decisions/0081) instead of waiting for the profile: they are the home's
 * largest text. The session store removes them when the session ends or another one starts (lib/session.ts).
 */
import { STORAGE_KEYS } from '@ateliermarkt/contract';
import { useEffect } from 'react';
import { session } from '../../lib/session.ts';

export type Welcome = { hello: string; intro: string };

/** `welcome`: the texts to remember; null: none (a plain user's home is not painted early); undefined: not known yet. */
export function useRememberedWelcome(welcome: Welcome | null | undefined): void {
  const known = welcome !== undefined;
  const hello = welcome?.hello;
  const intro = welcome?.intro;
  useEffect(() => {
    if (!known || !session.get()) return;
    try {
      if (hello === undefined || intro === undefined) localStorage.removeItem(STORAGE_KEYS.welcome);
      else localStorage.setItem(STORAGE_KEYS.welcome, JSON.stringify({ hello, intro }));
    } catch {
      // Storage refused or full: the next first paint waits for the profile, as it did before.
    }
  }, [known, hello, intro]);
}
