/**
 * The build's prerender of the first screen (scripts/prerender.ts, docs/decisions/0060): the app as a first visit
 * without a session renders it, the log-in screen, as HTML for index.html, with every lazy part of it (the workshop
 * picker) resolved, so the page paints the form before any script has run and main.tsx hydrates that markup.
 * Also the signed-in first paint (app/signed-in-first-paint.tsx, docs/decisions/0071), which React replaces rather
 * than hydrates, and the theme's CSS variables and Mantine's global classes, which the app's provider leaves to the
 * HTML (docs/decisions/0097). Built by Vite for Node (`vite build --ssr`), never part of the browser's bundle.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { AppRoot } from './app/app-root.tsx';
import { SignedInFirstPaint } from './app/signed-in-first-paint.tsx';
import { THEME_PROVIDER_PROPS } from './app/theme.ts';

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

/**
 * The signed-in first paint as HTML, with the app's theme but without its CSS variables and global classes: the page
 * has both once (renderThemeStyles).
 */
export async function renderSignedInFirstPaint(): Promise<string> {
  const { prelude } = await prerender(
    <MantineProvider {...THEME_PROVIDER_PROPS} withCssVariables={false} withGlobalClasses={false}>
      {/* The wizard's first step reads its reference data through the query cache: empty here, as on its first render. */}
      <QueryClientProvider client={new QueryClient()}>
        <SignedInFirstPaint />
      </QueryClientProvider>
    </MantineProvider>,
    // Its own ids: the log-in screen in the same page is rendered by another root, whose ids start the same way.
    { identifierPrefix: 'fp-' },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error('De voorgerenderde pagina bevat een script van React');
  return html;
}

/**
 * The theme's CSS variables and Mantine's global classes as its provider writes them (`<style data-mantine-styles=
 * "true">` and `<style data-mantine-styles="classes">`): the build puts them into index.html once, and the app's
 * provider leaves them out (THEME_STYLES_IN_HTML in app/theme.ts).
 */
export async function renderThemeStyles(): Promise<string> {
  const { prelude } = await prerender(<MantineProvider {...THEME_PROVIDER_PROPS}>{null}</MantineProvider>);
  const html = await new Response(prelude).text();
  if (
    !/^<style data-mantine-styles="true">[^<]+<\/style><style data-mantine-styles="classes">[^<]+<\/style>$/.test(html)
  )
    throw new Error(`Onverwachte stijlen van Mantine: ${html.slice(0, 80)}`);
  return html;
}

export { FIRST_PAINT_MANTINE_STYLES, firstPaintScreenRules } from './app/signed-in-first-paint.tsx';
