// Mantine's styles first: every app stylesheet comes after them and may override them.
import './app/mantine-styles.ts';
import '@mantine/notifications/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import { opensWithLogin } from './app/boot.tsx';
import { FIRST_PAINT_ID } from './app/first-paint-ids.ts';

// index.html has it; without it createRoot itself says its target is not an element.
const root = document.getElementById('root') as HTMLElement;

// index.html carries the log-in screen prerendered (scripts/prerender.ts, docs/decisions/0060): when this visit shows
// the log-in screen first, React takes that markup over as it is. A page opened with a session shows index.html's
// signed-in first paint (docs/decisions/0071) until React's first content takes its place in the same commit
// (app/first-paint.tsx); React empties the root, the hidden form, in that commit too. Otherwise (a public address)
// the prerendered form, hidden by index.html's boot script, makes way for the app.
const app = <AppRoot />;
const firstPaint = document.getElementById(FIRST_PAINT_ID);
if (root.hasAttribute('data-prerendered') && opensWithLogin()) {
  firstPaint?.remove();
  // The log-in screen is on screen already: React takes it over in slices of a few ms (a transition's hydration)
  // rather than in one task of ~100 ms of CPU on a phone. A click or key press before it is done hydrates at once
  // first, as React does for any event on markup it has not taken over yet (docs/decisions/0089).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else if (firstPaint && document.documentElement.hasAttribute('data-path')) createRoot(root).render(app);
else {
  firstPaint?.remove();
  root.removeAttribute('data-prerendered');
  root.replaceChildren();
  createRoot(root).render(app);
}
