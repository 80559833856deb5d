// Mantine's styles first: every app stylesheet comes after them and may override them.
import './app/mantine-styles.ts';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot.tsx';
import { Providers } from './app/providers.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('Element #root ontbreekt in index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <Boot />
    </Providers>
  </StrictMode>,
);
