import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const FIRST_SCREEN_LIBRARIES = /node_modules[\\/](react|react-dom|scheduler|@mantine|@tanstack|clsx)[\\/]/;
/**
 * The libraries every signed-in screen uses: the router, the rest of Mantine and the list table, in
 * one chunk loaded in parallel with the screen's own, instead of dozens of small shared chunks one after the other.
 * Not the editor (Tiptap, ProseMirror) nor the charts (Recharts, D3): only the screens that show them load them.
 */
const SIGNED_IN_LIBRARIES =
  /node_modules[\\/](react-router|@mantine[\\/](core|hooks|form|modals|notifications|dates)|mantine-datatable|dayjs)[\\/]/;

export default defineConfig({
  plugins: [react()],
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
