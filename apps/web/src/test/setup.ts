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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
