import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { GuardedScreen } from './guarded-screen.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { screenRoutes } from './route-table.ts';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        ...screenRoutes.map((route) => ({ path: route.path, element: <GuardedScreen route={route} /> })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
