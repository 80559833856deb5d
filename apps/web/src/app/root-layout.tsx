import { MESSAGES } from '@ateliermarkt/contract';
import { Center } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { matchPath, Outlet, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../components/brand-mark.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { session } from '../lib/session.ts';
import { useSession } from '../lib/use-session.ts';
import { useSessionStorageSync } from '../lib/use-session-storage-sync.ts';
import { FirstPaintOrLoader, releaseFirstPaint } from './first-paint.tsx';
import { PUBLIC_PATHS } from './public-paths.ts';

// The shell (AppShell, menus, navigation) is not needed on the log-in screen: its own chunk.
const Shell = lazy(() => import('./shell/shell.tsx').then((m) => ({ default: m.Shell })));

/** Watch the expiry; when the session ends, forget all server data and go home. */
function useSessionLifecycle(): string | null {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => session.watch(), []);

  useEffect(
    () =>
      session.onEnd((reason) => {
        queryClient.clear();
        setNotice(reason === 'expired' ? MESSAGES.refreshInvalid : null);
        navigate('/', { replace: true });
      }),
    [queryClient, navigate],
  );

  useSessionStorageSync();

  return notice;
}

/** Without a session only the log-in screen shows; the reset page works either way. */
export function RootLayout() {
  const current = useSession();
  const { pathname } = useLocation();
  const notice = useSessionLifecycle();
  const isPublic = PUBLIC_PATHS.some((p) => matchPath(p, pathname) !== null);
  useLayoutEffect(releaseFirstPaint, []);

  if (!current) {
    return (
      <PublicLayout>
        {isPublic ? (
          <>
            <Center>
              <BrandMark size="lg" />
            </Center>
            <Outlet />
          </>
        ) : (
          <LoginPage notice={notice} />
        )}
      </PublicLayout>
    );
  }
  return (
    <Suspense fallback={<FirstPaintOrLoader part="whole" />}>
      <Shell />
    </Suspense>
  );
}
