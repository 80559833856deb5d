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

/**
 * Runs chunks by their address, each when the page is next idle: a module is one task, so each gets its own.
 * Imported by address, not through the bundler's loader, which would link their stylesheets too; the router's own
 * import of the same address later finds them run.
 */
function runWhenIdle([file, ...rest]: string[]) {
  if (!file) return;
  whenIdle(() => void import(/* @vite-ignore */ file).finally(() => runWhenIdle(rest)));
}

/** A sent form runs them at once (the log-in before the page was idle), with their stylesheets. */
function runNow() {
  void import('./app-router.tsx');
  setTimeout(() => {
    void import('./shell/shell.tsx');
    setTimeout(() => void import('./pages/home-page.tsx'));
  });
}

/** What shows that someone is about to log in: a key, a press, the focus in a field. */
const INTENT = ['keydown', 'pointerdown', 'focusin'] as const;

export function warmUp() {
  const start = () => {
    for (const type of INTENT) document.removeEventListener(type, start, { capture: true });
    preloadWithoutRunning(named(LOGIN_WARM_UP_META.download));
    runWhenIdle(named(LOGIN_WARM_UP_META.run));
  };
  for (const type of INTENT) document.addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener('submit', runNow, { capture: true, once: true });
}
