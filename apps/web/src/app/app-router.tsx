import './mantine-styles-rest.ts';
import 'mantine-datatable/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { RouterProvider } from 'react-router/dom';
import { ignoreSecondClickOfDoubleClick } from '../lib/double-click-second-click.ts';
import { createRouter } from './router.tsx';

// In the routed app the second click of a double click neither closes the dialog it opened nor submits a form again.
ignoreSecondClickOfDoubleClick();

// One router per page load: created on the first render that needs it, kept when the screen returns to log-in.
let router: ReturnType<typeof createRouter> | null = null;

/** The whole routed app (react-router, the route table, the guard, confirm dialogs): its own chunk, see boot.tsx. */
export function AppRouter() {
  router ??= createRouter();
  return (
    <ModalsProvider labels={{ confirm: 'Bevestigen', cancel: 'Annuleren' }}>
      <RouterProvider router={router} />
    </ModalsProvider>
  );
}
