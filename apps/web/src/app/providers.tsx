import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { LiveRegion } from '../components/live-region.tsx';
import { ApiError } from '../lib/api-client.ts';
import { BusySignal } from './busy-signal.tsx';
import classes from './theme.module.css';
import { THEME_PROVIDER_PROPS, THEME_STYLES_IN_HTML } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx does not get better by asking again.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

// The toast container renders nothing until the first notification; its chunk loads right after the first screen
// (notifications.show() only writes to a store, which the container reads once mounted). The confirm-modal provider
// sits in the router's chunk (app-router.tsx): every confirm dialog is on a routed screen.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export type ProvidersProps = { children: ReactNode };

export function Providers({ children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <BusySignal />
      <MantineProvider
        {...THEME_PROVIDER_PROPS}
        withCssVariables={!THEME_STYLES_IN_HTML}
        withGlobalClasses={!THEME_STYLES_IN_HTML}
      >
        <Suspense fallback={null}>
          {/* Below the header: a notice no longer covers the user menu's button. */}
          <Notifications position="top-right" className={classes.notifications} />
        </Suspense>
        <LiveRegion />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
