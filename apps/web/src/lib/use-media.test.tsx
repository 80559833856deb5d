import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMedia } from './use-media.ts';

const PHONE = '(max-width: 47.99em)';
const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** A window where `PHONE` matches until `turn` says otherwise, as a phone turned to landscape would. */
function phoneWindow() {
  let matches = true;
  const listeners = new Set<(event: { matches: boolean }) => void>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === PHONE && matches;
    },
    media: query,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    turn(next: boolean) {
      matches = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
}

/** Records what each of its renders read. */
function Probe({ seen }: { seen: boolean[] }) {
  seen.push(useMedia(PHONE));
  return null;
}

describe('useMedia', () => {
  it('answers in the first render, so a component mounts once with the right value, and follows a change', () => {
    const screen = phoneWindow();
    const seen: boolean[] = [];
    render(<Probe seen={seen} />);
    expect(seen).toEqual([true]);
    act(() => screen.turn(false));
    expect(seen).toEqual([true, false]);
  });
});
