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
import { myProfileQueryOptions } from '../lib/current-user.ts';
import { session } from '../lib/session.ts';
import { useSession } from '../lib/use-session.ts';
import { useSessionStorageSync } from '../lib/use-session-storage-sync.ts';
import { FIRST_PAINT_ID } from './first-paint-ids.ts';
import { queryClient } from './providers.tsx';
import { PUBLIC_PATHS } from './public-paths.ts';

const loadRouter = () => import('./app-router.tsx');
const AppRouter = lazy(() => loadRouter().then((m) => ({ default: m.AppRouter })));

/**
 * A page opened with a session: everything its first screen waits for is asked at once, from the first
 * script, instead of one after the other as each lazy part renders the next (router, then shell, then the profile
 * the role guard needs, then the screen's chunk): the router, the shell, the profile and the screen of the address.
 * The screen's own data follows as soon as its chunk has run.
 */
function startSignedInLoads() {
  oneTaskEach([
    () => loadRouter(),
    () => import('./shell/shell.tsx'),
    () => queryClient.prefetchQuery(myProfileQueryOptions()),
    () => import('./route-table.ts').then((table) => table.preloadScreen(window.location.pathname)),
  ]);
}

/**
 * Runs each step in a task of its own, the first at once. Starting a chunk's download inserts a modulepreload link
 * for each file it imports, and the start of a request has its own cost: on a phone, together with the entry's
 * evaluation or the log-in screen's hydration, one long task (docs/decisions/0089).
 */
function oneTaskEach(steps: (() => unknown)[]) {
  const step = steps.shift();
  if (!step) return;
  void step();
  setTimeout(oneTaskEach, 0, steps);
}
if (session.get()) startSignedInLoads();

/** The router's matching is case-insensitive and ignores a trailing slash. */
export function isResetPasswordPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return PUBLIC_PATHS.some((p) => p.toLowerCase() === path);
}

/** Whether this page opens on the log-in screen without the router: no session and not a public address. */
export function opensWithLogin(): boolean {
  return session.get() === null && !isResetPasswordPath(window.location.pathname);
}

export function Boot() {
  const current = useSession();
  const [routed, setRouted] = useState(() => !opensWithLogin());
  if (current !== null && !routed) setRouted(true);

  if (!routed) return <LoginWithoutRouter />;
  // While index.html's signed-in first paint is there, it is the loading state (the router's chunk takes it over).
  return (
    <Suspense fallback={document.getElementById(FIRST_PAINT_ID) ? null : <PageLoader />}>
      <AppRouter />
    </Suspense>
  );
}

function LoginWithoutRouter() {
  useSessionStorageSync();
  useEffect(() => {
    // The router, the shell and the home screen, loaded once someone starts on the form (login-warm-up.ts); its
    // listeners set after the task of React's hydration, not in it.
    const later = setTimeout(() => void import('./login-warm-up.ts').then((m) => m.warmUp()));
    return () => clearTimeout(later);
  }, []);
  return (
    <PublicLayout>
      <LoginPage />
    </PublicLayout>
  );
}
