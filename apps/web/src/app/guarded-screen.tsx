import { roleKindOf } from '@ateliermarkt/contract';
import { type ComponentType, lazy, Suspense } from 'react';
import { NotAvailablePage } from '../components/not-available-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { useMyProfile } from '../features/users/api/get-my-profile.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { FirstPaintDone, FirstPaintOrLoader } from './first-paint.tsx';
import { canAccess } from './route-access.ts';
import type { ScreenRoute } from './route-table.ts';

// Keyed by the loader: routes that share one (an overview and its dialog routes) share one component, so moving
// between them keeps the overview mounted.
const lazyScreens = new Map<NonNullable<ScreenRoute['load']>, ComponentType>();

function screenOf(route: ScreenRoute): ComponentType | null {
  if (!route.load) return null;
  let screen = lazyScreens.get(route.load);
  if (!screen) {
    screen = lazy(route.load);
    lazyScreens.set(route.load, screen);
  }
  return screen;
}

function Screen({ route }: { route: ScreenRoute }) {
  useDocumentTitle(route.name);
  const Lazy = screenOf(route);
  if (!Lazy) return <NotAvailablePage name={route.name ?? ''} />;
  return (
    <Suspense fallback={<FirstPaintOrLoader part="main" />}>
      <Lazy />
      <FirstPaintDone />
    </Suspense>
  );
}

export type GuardedScreenProps = { route: ScreenRoute };

/** Shows the route's screen to a role that may see it, and the 404 page to any other. */
export function GuardedScreen({ route }: GuardedScreenProps) {
  if (route.access === 'public') return <Screen route={route} />;
  return <RoleGuard route={route} />;
}

function RoleGuard({ route }: GuardedScreenProps) {
  const profile = useMyProfile();
  if (!profile.data) return <FirstPaintOrLoader part="main" />;
  if (!canAccess(roleKindOf(profile.data), route.access)) return <NotFoundPage />;
  return <Screen route={route} />;
}
