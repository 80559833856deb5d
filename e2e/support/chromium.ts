import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium with the flags every browser test and benchmark uses (no vitest here: bench scripts use it). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The whole browser: what the benchmarks measure (the page as a visitor's Chromium loads it, Lighthouse). */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the browser tests drive: Debian's `chromium-headless-shell`, the same Blink and V8 as `chromium` of the same
 * version without the browser's own interface around them (Playwright's own choice for headless runs). It renders,
 * lays out and runs the app as the whole browser does, at about half its CPU per test (docs/decisions/0080):
 * no browser window machinery, no interface renderer, no GPU process doing software compositing for a window no one
 * sees. `CHROMIUM_PATH` still picks another Chromium for the tests as well.
 */
export const testChromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * What the browser tests add: V8 in their pages without its optimising compilers (Maglev and TurboFan), Sparkplug's
 * baseline code only. A test's page lives seconds: the optimising compilers' work on its app and on axe is not earned
 * back before the context closes, as the test servers' WebAssembly is not (their `--liftoff-only`). Optimising changes
 * how fast a script runs, never what it does, so every check sees the same page; the benchmarks keep the default
 * (they measure what a visitor's browser does). The renderers' CPU was a fifth to a quarter less (docs/decisions/0094).
 */
export const TEST_CHROMIUM_ARGS = ['--js-flags=--no-opt --no-maglev'];

export function launchChromium(executablePath = chromiumPath(), extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
