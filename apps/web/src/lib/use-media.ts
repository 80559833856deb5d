import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether a CSS media query matches the window now, and again whenever that changes. Read in the component's first
 * render: Mantine's `useMediaQuery` by default answers `undefined` there and the real value from an effect, so every
 * component asking rendered twice when it mounted (the whole shell on every page, a list's table before its phone
 * cards). Nothing that asks is prerendered into index.html, so there is no server's answer to agree with.
 */
export function useMedia(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}
