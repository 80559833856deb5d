import './mantine-styles-rest.ts';
import 'mantine-datatable/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { RouterProvider } from 'react-router/dom';
import { keepDialogsOpenOnDoubleClick } from '../lib/dialog-double-click.ts';
import { createRouter } from './router.tsx';

// Every dialog of the routed app stays open on the second click of the double click that opened it.
keepDialogsOpenOnDoubleClick();

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
