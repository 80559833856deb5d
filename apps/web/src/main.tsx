// Mantine's styles first: every app stylesheet comes after them and may override them.
import './app/mantine-styles.ts';
import '@mantine/notifications/styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import { opensWithLogin } from './app/boot.tsx';

// index.html has it; without it createRoot itself says its target is not an element.
const root = document.getElementById('root') as HTMLElement;

// index.html carries the log-in screen prerendered (scripts/prerender.ts, docs/decisions/0060): when this visit shows
// the log-in screen first, React takes that markup over as it is; otherwise (a session, a public address) the
// prerendered form, hidden by index.html's boot script, makes way for the app.
const app = <AppRoot />;
if (root.hasAttribute('data-prerendered') && opensWithLogin()) hydrateRoot(root, app);
else {
  root.removeAttribute('data-prerendered');
  root.replaceChildren();
  createRoot(root).render(app);
}
