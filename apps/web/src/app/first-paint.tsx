/**
 * React's side of index.html's signed-in first paint (signed-in-first-paint.tsx, docs/decisions/0071). The first
 * loading states of a page opened with a session (the shell's chunk, the profile, the screen's chunk) show a copy of
 * that markup instead of a loader, so the page looks the same from the HTML until the screen renders: no shift, and
 * the heading painted from the HTML stays the largest text painted so far. Once the screen has rendered, or the
 * address has changed, loading states show the loader again.
 */
import { useLayoutEffect, useRef } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import { FIRST_PAINT_ID, FIRST_PAINT_MAIN } from './first-paint-ids.ts';

type Copy = { address: string; whole: Element; main: Element };

const addressNow = () => window.location.pathname + window.location.search;

/** Read when this chunk runs, before RootLayout has removed the element (releaseFirstPaint). */
let copy: Copy | null = (() => {
  const painted = document.getElementById(FIRST_PAINT_ID);
  const main = painted?.querySelector(`[${FIRST_PAINT_MAIN}]`);
  if (!painted || !main || !document.documentElement.hasAttribute('data-path')) return null;
  return { address: addressNow(), whole: painted, main };
})();

function current(): Copy | null {
  if (copy && copy.address !== addressNow()) copy = null;
  return copy;
}

/**
 * The HTML's own first paint makes way for React's: called in the same commit as React's first content (a layout
 * effect runs before the browser paints), so no frame shows neither or both.
 */
export function releaseFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
  document.getElementById('root')?.removeAttribute('data-prerendered');
}

/** A copy of the children of one of index.html's elements, put in before the browser paints. */
function CopyOf({ source, className }: { source: Element; className?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    holder.current?.replaceChildren(...source.cloneNode(true).childNodes);
  }, [source]);
  return <div ref={holder} className={className} />;
}

/** A loading state: the first paint's copy (all of it, or the screen's part inside the shell), else the loader. */
export function FirstPaintOrLoader({ part }: { part: 'whole' | 'main' }) {
  const shown = current();
  if (!shown) return <PageLoader />;
  return part === 'main' ? <CopyOf source={shown.main} /> : <CopyOf source={shown.whole} className="fp" />;
}

/** Rendered beside a screen: from now on the loading states show the loader. */
export function FirstPaintDone() {
  useLayoutEffect(() => {
    copy = null;
  }, []);
  return null;
}
