/**
 * The build's prerender of the first screen (scripts/prerender.ts, docs/decisions/0060): the app as a first visit
 * without a session renders it, the log-in screen, as HTML for index.html, with every lazy part of it (the workshop
 * picker) resolved, so the page paints the form before any script has run and main.tsx hydrates that markup.
 * Built by Vite for Node (`vite build --ssr`), never part of the browser's bundle.
 */
import { prerender } from 'react-dom/static';
import { AppRoot } from './app/app-root.tsx';

/**
 * Waits for the lazy parts (the workshop picker) and writes them in place: not as a hidden segment with React's inline
 * reveal script (which it does for a part it outlines, and which the Content-Security-Policy would not allow).
 */
export async function renderFirstScreen(): Promise<string> {
  const { prelude } = await prerender(<AppRoot />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error('De voorgerenderde pagina bevat een script van React');
  return html;
}
