import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Says on the page whether the app is still asking the server: `<html data-busy="true">` while any query fetches or
 * any change is being saved, `"false"` when none is. The browser tests wait for it (e2e/support/settled.ts) instead
 * of guessing from network timing; it renders nothing.
 */
export function BusySignal() {
  const busy = useIsFetching() + useIsMutating() > 0;
  useEffect(() => {
    document.documentElement.dataset.busy = String(busy);
  }, [busy]);
  return null;
}
