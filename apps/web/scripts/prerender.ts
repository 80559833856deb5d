/**
 * Prerenders the log-in screen into dist/index.html (docs/decisions/0060). Run after `vite build` (part of
 * `npm run build`), before the pre-compression. A first visit then paints the form, its heading and its text from the
 * HTML and the first stylesheet, before any script has loaded; main.tsx hydrates that markup (hydrateRoot), so React
 * takes it over without painting it again. Also writes, into the head, the boot script (WEB_BOOT_SCRIPT, allowed by
 * its hash in the server's Content-Security-Policy, as is WEB_WELCOME_SCRIPT after the signed-in first paint) and the style that hides the prerendered form for a page opened
 * with a session or at a public address, and `data-mantine-color-scheme` on <html> as Mantine sets it on mount. The
 * theme's CSS variables and Mantine's global classes go first into the body, where Mantine's provider would write
 * them: after every stylesheet of the head, also those a lazy chunk adds later, whose defaults they override.
 *
 * The screen is rendered with the app's own tree (src/app/app-root.tsx) built by Vite for Node (src/prerender.tsx),
 * in a Node without local storage and at the address '/': what a first visit without a session renders.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WEB_BOOT_SCRIPT, WEB_WELCOME_SCRIPT, WEB_WELCOME_SCRIPT_PLACE } from '@ateliermarkt/contract';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { LOGIN_WARM_UP_META } from '../src/app/first-paint-ids.ts';
import { loginWarmUpFiles, readManifest } from './initial-size.ts';
import { stylesheetsFirst } from './stylesheets-first.ts';

const webDir = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(webDir, 'dist', 'index.html');
const ROOT_ELEMENT = '<div id="root"></div>';
/** The attribute main.tsx looks for before it hydrates. */
const PRERENDERED = 'data-prerendered';
const FIRST_PAINT_CSS = path.join(webDir, 'src', 'app', 'signed-in-first-paint.css');
/** Mantine's per-component stylesheets (the same files app/mantine-styles.ts imports). */
const MANTINE_STYLES = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/Checkbox.css'));
const HIDE_WHEN_APP = `<style>html[data-boot=app] #root[${PRERENDERED}]{display:none}</style>`;

/** Local storage and the address of a first visit, for the modules that read them while rendering. */
function firstVisitWindow() {
  const storage = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear(),
    key: () => null,
    get length() {
      return storage.size;
    },
  };
  const noop = () => undefined;
  Object.assign(globalThis, {
    window: { localStorage, location: { pathname: '/' }, addEventListener: noop, removeEventListener: noop },
    localStorage,
  });
}

/** The signed-in first paint's stylesheet, without comments and indentation, with the rules of its screens. */
export function firstPaintStyle(css: string, screenRules: string): string {
  const compact = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/\s*([{}:;,])\s*/g, '$1');
  return `<style>${compact}${screenRules.replace(/\n/g, '')}</style>`;
}

/** The signed-in first paint with the welcome script in its place inside the home's hero (docs/decisions/0081). */
function withWelcomeScript(markup: string): string {
  const place = `<template id="${WEB_WELCOME_SCRIPT_PLACE}"></template>`;
  if (markup.split(place).length !== 2) throw new Error(`De eerste weergave heeft niet precies één ${place}`);
  return markup.replace(place, () => `<script data-welcome>${WEB_WELCOME_SCRIPT}</script>`);
}

/**
 * Puts the rendered log-in screen into index.html's root element, the signed-in first paint after it with the
 * welcome script inside its home hero (an admin's remembered welcome into the first paint before it paints,
 * docs/decisions/0081), and the boot script and the styles into the head.
 */
export function withPrerenderedScreen(
  html: string,
  screen: string,
  signedIn: { markup: string; style: string; componentStyle: string },
  themeStyles: string,
): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html heeft geen lege ${ROOT_ELEMENT}`);
  if (html.split('<body>').length !== 2) throw new Error('index.html heeft niet precies één <body>');
  if (!html.includes('</title>')) throw new Error('index.html heeft geen <title>');
  if (!html.includes('</head>')) throw new Error('index.html heeft geen </head>');
  return html
    .replace(
      '</title>',
      () => `</title>\n    <script data-boot>${WEB_BOOT_SCRIPT}</script>\n    ${HIDE_WHEN_APP}\n    ${signedIn.style}`,
    )
    .replace(
      ROOT_ELEMENT,
      () => `<div id="root" ${PRERENDERED}>${screen}</div>\n    ${withWelcomeScript(signedIn.markup)}`,
    )
    .replace('</head>', () => `  ${signedIn.componentStyle}\n  </head>`)
    .replace('<body>', () => `<body>\n    ${themeStyles}`);
}

/** The `<meta>`s that name what the log-in screen loads once someone starts on the form (`loginWarmUpFiles`). */
export function withLoginWarmUp(html: string, files: { download: string[]; run: string[] }): string {
  if (!html.includes('</head>')) throw new Error('index.html heeft geen </head>');
  const all = [...files.download, ...files.run];
  if (files.run.length === 0 || all.some((file) => !/^\/assets\/[\w.-]+$/.test(file)))
    throw new Error(`Onverwachte bestanden om vooraf te laden: ${all.join(' ')}`);
  const meta = (name: string, list: string[]) => `<meta name="${name}" content="${list.join(' ')}">`;
  return html.replace(
    '</head>',
    () =>
      `  ${meta(LOGIN_WARM_UP_META.download, files.download)}\n    ${meta(LOGIN_WARM_UP_META.run, files.run)}\n  </head>`,
  );
}

async function main() {
  const started = performance.now();
  const outDir = path.join(webDir, 'node_modules', '.cache', 'prerender');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    plugins: [react()],
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  firstVisitWindow();
  const entry = pathToFileURL(path.join(outDir, 'prerender.js')).href;
  const {
    renderFirstScreen,
    renderSignedInFirstPaint,
    renderThemeStyles,
    firstPaintScreenRules,
    FIRST_PAINT_MANTINE_STYLES,
  } = (await import(entry)) as {
    renderFirstScreen: () => Promise<string>;
    renderSignedInFirstPaint: () => Promise<string>;
    renderThemeStyles: () => Promise<string>;
    firstPaintScreenRules: () => string;
    FIRST_PAINT_MANTINE_STYLES: readonly string[];
  };
  const screen = await renderFirstScreen();
  const mantineStyles = FIRST_PAINT_MANTINE_STYLES.map((name) =>
    readFileSync(path.join(MANTINE_STYLES, `${name}.css`), 'utf8'),
  ).join('');
  const signedIn = {
    markup: await renderSignedInFirstPaint(),
    style: firstPaintStyle(readFileSync(FIRST_PAINT_CSS, 'utf8'), firstPaintScreenRules()),
    // After the first stylesheet's link, as the router's stylesheet comes after it: Mantine's cascade order.
    componentStyle: firstPaintStyle(mantineStyles, ''),
  };
  const withScreens = withLoginWarmUp(
    withPrerenderedScreen(readFileSync(distIndex, 'utf8'), screen, signedIn, await renderThemeStyles()),
    loginWarmUpFiles(readManifest(path.join(webDir, 'dist'))),
  );
  const readAsset = (href: string) => readFileSync(path.join(webDir, 'dist', href.replace(/^\//, '')), 'utf8');
  writeFileSync(distIndex, stylesheetsFirst(withScreens, readAsset));
  rmSync(outDir, { recursive: true, force: true });
  const ms = Math.round(performance.now() - started);
  console.log(
    `Prerendered the log-in screen (${(screen.length / 1000).toFixed(1)} KB) and the signed-in first paint ` +
      `(${((signedIn.markup.length + signedIn.style.length + signedIn.componentStyle.length) / 1000).toFixed(1)} KB) into dist/index.html (${ms} ms)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
  // The rendered app may leave timers behind (a query's garbage collection after 5 minutes, a fake window's): once
  // the file is written nothing is left to do, and a build must not wait for them (one waited 5 minutes).
  process.exit(0);
}
