/**
 * The first screen without the router. A first visit without a session only ever shows the log-in screen (spec
 * 2.2), which needs no routing; react-router's data router is the largest library after React, so it loads in the
 * background after the log-in screen has shown and takes over once there is a session. From then on the router
 * renders everything, also the log-in screen after a log-out (RootLayout). The password-reset link opens the
 * router at once, and so does the 'dit was ik niet' link of a security notice.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { useSession } from '../lib/use-session.ts';
import { useSessionStorageSync } from '../lib/use-session-storage-sync.ts';
import { PUBLIC_PATHS } from './public-paths.ts';

const loadRouter = () => import('./app-router.tsx');
const AppRouter = lazy(() => loadRouter().then((m) => ({ default: m.AppRouter })));

/** The router's matching is case-insensitive and ignores a trailing slash. */
export function isResetPasswordPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return PUBLIC_PATHS.some((p) => p.toLowerCase() === path);
}

export function Boot() {
  const current = useSession();
  const [routed, setRouted] = useState(() => current !== null || isResetPasswordPath(window.location.pathname));
  if (current !== null && !routed) setRouted(true);

  if (!routed) return <LoginWithoutRouter />;
  return (
    <Suspense fallback={<PageLoader />}>
      <AppRouter />
    </Suspense>
  );
}

function LoginWithoutRouter() {
  useSessionStorageSync();
  useEffect(() => {
    // Fetch the router, the shell and the home screen while the user types, so that after the log-in the home
    // screen waits only for its data, not for a chain of chunks.
    void loadRouter();
    void import('./shell/shell.tsx');
    void import('./pages/home-page.tsx');
  }, []);
  return (
    <PublicLayout>
      <LoginPage />
    </PublicLayout>
  );
}
