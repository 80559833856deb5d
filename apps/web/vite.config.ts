import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineDefaultsOnDemand } from './scripts/mantine-defaults-on-demand.ts';
import { preloadInTurns } from './scripts/preload-in-turns.ts';

const FIRST_SCREEN_LIBRARIES = /node_modules[\\/](react|react-dom|scheduler|@mantine|@tanstack|clsx)[\\/]/;
/**
 * The libraries every signed-in screen uses: the router, the rest of Mantine and the list table, in
 * one chunk loaded in parallel with the screen's own, instead of dozens of small shared chunks one after the other.
 * Not the editor (Tiptap, ProseMirror) nor the charts (Recharts, D3): only the screens that show them load them.
 */
const SIGNED_IN_LIBRARIES =
  /node_modules[\\/](react-router|@mantine[\\/](core|hooks|form|modals|notifications|dates)|mantine-datatable|dayjs)[\\/]/;

/**
 * What the log-in screen loads right after its first paint beyond its own chunk: the workshop picker (Mantine's
 * searchable Select: combobox, popover, floating-ui, scroll area) and the notifications' container (with its
 * transitions and scroll lock). Without a chunk of their own they fell into `signed-in`, so the log-in screen ran the
 * router, the list table and the rest of Mantine (105 KB) and applied their stylesheet: long tasks and a layout shift
 * on a phone. The signed-in screens load this chunk beside `signed-in` (scripts/initial-size.ts checks both).
 */
const LOG_IN_LIBRARIES = new RegExp(
  [
    String.raw`@floating-ui[\/]`,
    String.raw`@mantine[\/](notifications|store)[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](Checkbox|CloseButton|Combobox|FocusTrap|Input|InputBase|Loader|Notification|Overlay|Popover|Portal|ScrollArea|Select|Transition|UnstyledButton|VisuallyHidden)[\/]`,
    String.raw`(react-transition-group|dom-helpers|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|detect-node-es|get-nonce)[\/]`,
  ]
    .map((part) => String.raw`node_modules[\/]${part}`)
    .join('|'),
);

export default defineConfig({
  // Vite's preload helper inserts a lazy chunk's links a few per task (scripts/preload-in-turns.ts); Mantine's
  // default CSS variables are computed on demand, not in the page's first task (scripts/mantine-defaults-on-demand.ts).
  plugins: [react(), preloadInTurns(), mantineDefaultsOnDemand()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/initial-size.ts (the server does not serve dot-folders).
    manifest: true,
    // Every browser the back-office supports preloads modules natively; the polyfill would be part of the log-in
    // screen's first download (at most 120 KB, scripts/initial-size.ts).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Seven characters of content hash, the fewest the bundler accepts for this many chunks: the log-in route's
        // entry names every lazy chunk it may preload (about 80 file names), and brotli cannot shrink a hash: one
        // character less (the default is 8) is about 90 bytes less of that route's budget (scripts/initial-size.ts).
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Everything the entry needs statically (the log-in screen) in one chunk, rather than ~25 small ones: one
        // request instead of a waterfall of modulepreloads, and brotli compresses it as a whole. Not zod and the
        // contract's schemas: the barrel re-exports them, so they count as static, but the log-in screen loads them
        // when it first reads an answer (src/lib/first-screen-schemas.ts).
        codeSplitting: {
          groups: [
            { name: 'first-screen', tags: ['$initial'], test: FIRST_SCREEN_LIBRARIES, priority: 20 },
            { name: 'log-in-libraries', test: LOG_IN_LIBRARIES, priority: 15 },
            { name: 'signed-in', test: SIGNED_IN_LIBRARIES, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
});
