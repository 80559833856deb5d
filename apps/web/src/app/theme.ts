/**
 * A calm, warm atelier theme: terracotta primary on a paper-white background, serif headings.
 * Every text colour is checked for a contrast of at least 4.5:1 on white and on the paper background:
 * filled primary (shade 7) 7.2:1 with white text, dimmed text 5.6:1, error text 6.5:1.
 */
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import classes from './theme.module.css';

const terracotta: MantineColorsTuple = [
  '#fdf3ee',
  '#f7e2d8',
  '#efc3ae',
  '#e6a184',
  '#dd835e',
  '#c8643b',
  '#a3502d',
  '#8a4326',
  '#70361e',
  '#562915',
];

/** Warm greys instead of Mantine's blue-tinted ones. */
const stone: MantineColorsTuple = [
  '#faf6f1',
  '#f3ece4',
  '#e8ded3',
  '#d9ccbe',
  '#bfb1a3',
  '#a09385',
  '#6b6259',
  '#524a43',
  '#3a342f',
  '#2b2420',
];

/** Mantine's green and red with a darker last shade: it is the text colour of light alerts and badges. */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#2f9e44',
  '#2b8a3e',
  '#1d5e2a',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#e03131',
  '#c92a2a',
  '#9b1c1c',
];

export const PAPER = '#faf6f1';

export const theme = createTheme({
  primaryColor: 'terracotta',
  primaryShade: 7,
  colors: { terracotta, stone, green, red },
  black: '#2b2420',
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Book Antiqua", serif',
    fontWeight: '600',
  },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Anchor: { defaultProps: { underline: 'hover' } },
    // Close buttons of notifications and dialogs have no text: give every one a Dutch name for screen readers.
    // Its description is grey by default, below 4.5:1 on white: the body text colour reads as well and passes.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Melding sluiten' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
    // A dialog's title bar is a <header>; inside role="dialog" it would count as a second page banner (axe
    // landmark-no-duplicate-banner): as a plain element it is just the dialog's top, its title names the dialog.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Sluiten' }, attributes: { header: { role: 'none' } } },
    },
    // Every text input, select and textarea is built on Input: one clear focus ring for all (theme.module.css).
    Input: { classNames: { input: classes.input } },
    // A light alert's title takes its colour, which on its own pale background is below 4.5:1 for yellow and orange:
    // the body text colour keeps the title readable; the icon and background still say what kind of alert it is.
    // A dismissable alert's close button (the photo step's upload problems) has no text either.
    Alert: {
      defaultProps: { closeButtonLabel: 'Melding sluiten' },
      styles: { title: { color: 'var(--mantine-color-text)' } },
    },
    // A menu's hidden first-focus placeholder is a focusable role="presentation" div inside role="menu": axe's
    // critical aria-required-children on every '…' menu. Without it the menu focuses its first item on
    // opening, as the ARIA menu pattern asks.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false }, classNames: { item: classes.menuItem } },
    // Mantine 9 keeps every select's dropdown mounted while closed (display: none, in a portal): each select then
    // renders all its options and positions the hidden dropdown (floating-ui reads the computed style, a forced
    // style recalculation of the page) in the screen's first render. Built when opened instead, as a menu's is; the
    // input's ARIA attributes are the same (aria-controls only while open). docs/decisions/0089.
    Combobox: { defaultProps: { keepMounted: false } },
    // A badge is a word or two that must read whole: in a table cell Mantine's badge (overflow hidden, an ellipsis)
    // let the column squeeze it to 'Wachten o…' and 'Be…' at 820 px. At least as wide as its text, the
    // column makes room for it instead.
    // A light badge's text takes its colour, which on its own pale background is below 4.5:1 for yellow and orange
    // (axe: 2.7:1 for yellow): the body text colour keeps every light badge readable; the background says its kind.
    Badge: {
      classNames: { root: classes.badge },
      vars: (_theme: unknown, props: { variant?: string }) => ({
        root: props.variant === 'light' ? { '--badge-color': 'var(--mantine-color-text)' } : {},
      }),
    },
  },
});

/**
 * Whether the theme's CSS variables and Mantine's global classes come from the HTML rather than from React. The build
 * writes them into index.html once (scripts/prerender.ts, `renderThemeStyles`): neither the log-in screen's hydration
 * nor a signed-in start computes them, nor puts a 12 KB style element into the page after its first paint
 * (docs/decisions/0097). The dev server serves index.html as it is, so there the provider writes them.
 */
export const THEME_STYLES_IN_HTML = import.meta.env.PROD;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#6b6259',
    '--mantine-color-error': '#b42318',
    '--mantine-color-placeholder': '#8a8078',
    '--mantine-color-anchor': 'var(--mantine-color-terracotta-7)',
  },
  dark: {},
});

/**
 * The theme as every MantineProvider of the app takes it: the app's own (app/providers.tsx) and the build's
 * prerenders (src/prerender.tsx), whose CSS variables must be the ones the app would write.
 */
export const THEME_PROVIDER_PROPS = { theme, cssVariablesResolver, defaultColorScheme: 'light' } as const;
