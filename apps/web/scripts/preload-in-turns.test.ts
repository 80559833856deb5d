/// <reference lib="dom" />
// The rewritten helper runs in the web project's jsdom, as in a page: this file needs the DOM's types.
import { afterEach, describe, expect, it } from 'vitest';
import { LINKS_PER_TASK, preloadLinksInTurns } from './preload-in-turns.ts';

/** The part of Vite's helper the plugin rewrites, as Vite writes it (vite/dist/node/chunks/node.js, `preload`). */
const HELPER = `export const __vitePreload = function preload(hrefs) {
  return Promise.all(hrefs.map((href) => {
    const isCss = href.endsWith('.css');
    const link = document.createElement("link");
    link.rel = isCss ? "stylesheet" : "modulepreload";
    link.href = href;
    document.head.appendChild(link);
    if (isCss) return new Promise((res) => link.addEventListener("load", res));
  }));
};`;

/** Runs the rewritten helper as the page would, by a module of its own. */
async function helper(): Promise<(hrefs: string[]) => Promise<unknown>> {
  const code = preloadLinksInTurns(HELPER);
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  return ((await import(/* @vite-ignore */ url)) as { __vitePreload: (hrefs: string[]) => Promise<unknown> })
    .__vitePreload;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('preloadLinksInTurns', () => {
  it('inserts a few links per task, and settles once all of them are in', async () => {
    const preload = await helper();
    const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    // What each task inserted: a mutation observer is told once after each task that changed the head.
    const perTask: number[] = [];
    const observer = new MutationObserver((records) =>
      perTask.push(records.reduce((sum, r) => sum + r.addedNodes.length, 0)),
    );
    observer.observe(document.head, { childList: true });
    const done = preload(hrefs);
    // Nothing in the calling task: the import's own task stays short.
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    await done;
    observer.disconnect();
    expect(perTask).toEqual([LINKS_PER_TASK, LINKS_PER_TASK, 10 - 2 * LINKS_PER_TASK]);
    expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual(hrefs);
  });

  it('still waits for a stylesheet to load', async () => {
    const preload = await helper();
    let settled = false;
    const done = preload(['/assets/screen.css']).then(() => {
      settled = true;
    });
    for (let i = 0; i < 5; i++) await tick();
    const link = document.head.querySelector('link');
    expect(link?.getAttribute('rel')).toBe('stylesheet');
    expect(settled).toBe(false);
    link?.dispatchEvent(new Event('load'));
    await done;
    expect(settled).toBe(true);
  });

  it('fails the build when Vite changed the lines it rewrites', () => {
    expect(() => preloadLinksInTurns(HELPER.replace('document.head.appendChild(link);', 'append(link);'))).toThrow(
      /preload helper changed/,
    );
    expect(() => preloadLinksInTurns(HELPER.replace('if (isCss) return new Promise(', 'if (isCss) {'))).toThrow(
      /preload helper changed/,
    );
  });
});
