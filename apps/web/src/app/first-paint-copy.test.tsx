import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedInFirstPaint } from '../prerender.tsx';
import { renderWithProviders as render } from '../test/render.tsx';
import { FIRST_PAINT_ID } from './first-paint-ids.ts';

/**
 * index.html as a page opened with a session at `address` has it: the boot script's data-path, the hidden log-in
 * form in the root, the signed-in first paint beside it. Then first-paint.tsx is loaded afresh, as its chunk is.
 */
async function pageOpenedAt(address: string) {
  window.history.replaceState(null, '', address);
  document.documentElement.setAttribute('data-path', address);
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-prerendered', '');
  root.innerHTML = '<h1>Ateliermarkt</h1>';
  const holder = document.createElement('div');
  holder.innerHTML = await renderSignedInFirstPaint();
  document.body.append(root, ...holder.childNodes);
  vi.resetModules();
  return import('./first-paint.tsx');
}

afterEach(() => {
  document.documentElement.removeAttribute('data-path');
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe("React's copy of the signed-in first paint", () => {
  it('shows the same markup while loading, and the HTML makes way for it in the same commit', async () => {
    const { FirstPaintOrLoader, releaseFirstPaint } = await pageOpenedAt('/products');
    const html = document.getElementById(FIRST_PAINT_ID)?.innerHTML;
    const { container } = render(<FirstPaintOrLoader part="whole" />);
    expect(container.querySelector('.fp')?.innerHTML).toBe(html);
    releaseFirstPaint();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(document.getElementById('root')?.hasAttribute('data-prerendered')).toBe(false);
    // Inside the shell: the screen's part only, without a second header.
    const inside = render(<FirstPaintOrLoader part="main" />);
    expect(inside.container.querySelector('header')).toBeNull();
    expect(inside.container.querySelectorAll('[data-fp-path="/products"] h1')).toHaveLength(1);
  });

  it('shows the loader once the screen has rendered', async () => {
    const { FirstPaintDone, FirstPaintOrLoader } = await pageOpenedAt('/statements');
    render(<FirstPaintDone />);
    render(<FirstPaintOrLoader part="main" />);
    expect(screen.getAllByRole('status', { name: 'Laden…' }).length).toBeGreaterThan(0);
    // Only the HTML's own first paint is in the page: no copy was made.
    expect(document.querySelectorAll('[data-fp-main]')).toHaveLength(1);
  });

  it('shows the loader at another address: a copy never shows one screen’s heading on another', async () => {
    const { FirstPaintOrLoader } = await pageOpenedAt('/products');
    act(() => window.history.pushState(null, '', '/reservations'));
    const { container } = render(<FirstPaintOrLoader part="whole" />);
    expect(container.querySelector('.fp')).toBeNull();
    expect(screen.getAllByRole('status', { name: 'Laden…' }).length).toBeGreaterThan(0);
  });

  it('is none for a page without the first paint (no session when index.html was read)', async () => {
    await pageOpenedAt('/products');
    document.documentElement.removeAttribute('data-path');
    vi.resetModules();
    const fresh = await import('./first-paint.tsx');
    const { container } = render(<fresh.FirstPaintOrLoader part="whole" />);
    expect(container.querySelector('.fp')).toBeNull();
    expect(screen.getAllByRole('status', { name: 'Laden…' }).length).toBeGreaterThan(0);
  });
});
