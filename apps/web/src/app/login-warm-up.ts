/**
 * What the log-in screen does for the home that follows it (boot.tsx loads this after its hydration). Nothing until
 * someone starts on the form: a page that is only looked at keeps its first seconds, while it may still be loading
 * what it shows, to itself (running the signed-in app then took long tasks on a phone: about half a second of
 * blocking time in Lighthouse's mobile run). At the first key, press or focus, the router, the shell and the home
 * screen are downloaded, and then run one by one when the page is idle, without their stylesheets: those apply only
 * when the router links them after the log-in, so the form keeps its look while it is filled in. The home after the
 * log-in then waits only for its data, not for a chain of chunks (docs/decisions/0095).
 */
import { LOGIN_WARM_UP_META } from './first-paint-ids.ts';

/** The files one of index.html's warm-up `<meta>`s names (scripts/prerender.ts, from the build's manifest). */
function named(name: string): string[] {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  return (meta?.content ?? '').split(' ').filter(Boolean);
}

/**
 * Downloads files without running them: a script as a modulepreload (fetched and compiled, run when imported), a
 * stylesheet as a preload (applied when the router's chunk links it).
 */
function preloadWithoutRunning(files: string[]) {
  for (const href of files) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2_000 }) : setTimeout(run, 200);
const soon = (run: () => void) => setTimeout(run);

/**
 * Runs chunks by their address, one after the other, each in a task of its own that `when` picks (a module runs
 * in one task). Imported by address, not through the bundler's loader, which would link their stylesheets too: the
 * router's own imports of the same addresses after the log-in find them run, and link the stylesheets then.
 */
function runInTurn([file, ...rest]: string[], when: (run: () => void) => void) {
  if (!file) return;
  when(() => void import(/* @vite-ignore */ file).finally(() => runInTurn(rest, when)));
}

/** What shows that someone is about to log in: a key, a press, the focus in a field. */
const INTENT = ['keydown', 'pointerdown', 'focusin'] as const;

export function warmUp() {
  const chunks = named(LOGIN_WARM_UP_META.run);
  const start = () => {
    for (const type of INTENT) document.removeEventListener(type, start, { capture: true });
    preloadWithoutRunning(named(LOGIN_WARM_UP_META.download));
    runInTurn(chunks, whenIdle);
  };
  for (const type of INTENT) document.addEventListener(type, start, { capture: true, passive: true });
  // A form sent before the page was idle (the log-in typed fast, or filled in by a password manager): at once.
  document.addEventListener('submit', () => runInTurn(chunks, soon), { capture: true, once: true });
}
