import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…`/`waitFor` give up after 1 s by default: on a loaded 2-core machine a Mantine form's save took longer and a
// correct test failed. What they wait for still has to happen; only the patience is longer.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads media queries; '' and 'all' must match or responsive parts render nothing.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query === '' || query === 'all',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for fonts that finish loading.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

Element.prototype.scrollIntoView = () => {};
window.HTMLElement.prototype.scrollTo = () => {};

/**
 * jsdom keeps the style sheet of a removed `<style>` element in `document.styleSheets` (it re-adds the sheet while
 * the element is being detached), and every `getComputedStyle` — testing-library calls it for each element a role
 * query looks at — walks all of them: Mantine's responsive props render such elements, so the pile grew with every
 * test in a worker. Changing a detached element's text makes jsdom drop its sheet (the element is no longer
 * connected, so none is made again); the text stays the same.
 */
function forgetDetachedStyleSheets(): void {
  for (const sheet of Array.from(document.styleSheets)) {
    const owner = sheet.ownerNode;
    if (!owner || owner.isConnected) continue;
    const text = owner.textContent;
    owner.textContent = text;
  }
}

// A worker runs many files in one module graph (vitest.config.ts, `isolate: false`): what one test leaves in a
// module or in the page is gone before the next test, whichever file it is in.
afterEach(() => {
  cleanup();
  // Mantine keeps shown and queued notifications in a module-level store, not in the rendered tree.
  notifications.clean();
  window.localStorage.clear();
  forgetDetachedStyleSheets();
  // A test that moved the address (history.pushState) leaves the next one at the page it started on.
  window.history.replaceState(null, '', '/');
});
