import { StrictMode } from 'react';
import { Boot } from './boot.tsx';
import { Providers } from './providers.tsx';

/**
 * The whole app as main.tsx mounts it and as the build prerenders it into index.html (scripts/prerender.ts): one
 * tree for both, so hydrating the prerendered log-in screen finds exactly the markup it would render.
 */
export function AppRoot() {
  return (
    <StrictMode>
      <Providers>
        <Boot />
      </Providers>
    </StrictMode>
  );
}
