import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const FIRST_SCREEN_LIBRARIES = /node_modules[\\/](react|react-dom|scheduler|@mantine|@tanstack|clsx)[\\/]/;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/initial-size.ts (the server does not serve dot-folders).
    manifest: true,
    // Every browser the back-office supports preloads modules natively; the polyfill would be part of the log-in
    // screen's first download (issue 13: at most 120 KB, scripts/initial-size.ts).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry needs statically (the log-in screen) in one chunk, rather than ~25 small ones: one
        // request instead of a waterfall of modulepreloads, and brotli compresses it as a whole. Not zod and the
        // contract's schemas: the barrel re-exports them, so they count as static, but the log-in screen loads them
        // when it first reads an answer (src/lib/first-screen-schemas.ts).
        codeSplitting: {
          groups: [{ name: 'first-screen', tags: ['$initial'], test: FIRST_SCREEN_LIBRARIES }],
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
