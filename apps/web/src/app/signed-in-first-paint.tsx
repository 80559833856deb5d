/**
 * What index.html paints for a page opened with a session before any script has run (docs/decisions/0071): the
 * signed-in layout (header with the product name, the navigation's column, the screen's area) and, for the main
 * screens, the screen's heading as the screen itself renders it, with grey bars where its content will come. Nothing
 * of the user (the session is not checked before the scripts run), except an admin's home's welcome texts, which
 * index.html's welcome script writes in from local storage where the home left them (docs/decisions/0081).
 *
 * Rendered by the build only (scripts/prerender.ts through src/prerender.tsx), never part of the browser's bundle.
 * index.html's boot script writes the address into `<html data-path>`; the stylesheet of this markup
 * (signed-in-first-paint.css, inlined into index.html with one rule per screen below) shows the whole only then,
 * and of the headings only the one of that address. React takes its place without a shift (first-paint.tsx): its
 * first loading states show a copy of this markup until the screen has rendered.
 */
import { DEFAULT_PAGE_TITLE, WEB_WELCOME_SCRIPT_PLACE } from '@ateliermarkt/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../components/brand-mark.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ProductAddFirstPaint } from '../features/products/components/wizard-first-paint.tsx';
import { PRODUCT_ADD_HEADING, PRODUCT_OVERVIEW_HEADING } from '../features/products/product-headings.ts';
import { OPEN_RESERVATIONS_TITLE } from '../features/reservations/reservations-heading.ts';
import { STATEMENTS_HEADING } from '../features/statements/statements-heading.ts';
import { FIRST_PAINT_ID, FIRST_PAINT_MAIN } from './first-paint-ids.ts';

type FirstPaintScreen = {
  path: string;
  title: string;
  description?: string;
  hero?: true;
  /** What the screen paints from the HTML instead of its heading alone (the heading with the content below it). */
  body?: ReactNode;
};

/**
 * The main screens whose heading is in the first paint, by address as the boot script writes it (lower case; an
 * address with a query gets no heading, as its screen may show another one: a tab, a filter). Only headings that are
 * the same for every role that may open the screen.
 */
export const FIRST_PAINT_SCREENS: readonly FirstPaintScreen[] = [
  { path: '/products', ...PRODUCT_OVERVIEW_HEADING },
  { path: '/reservations', title: OPEN_RESERVATIONS_TITLE },
  { path: '/statements', ...STATEMENTS_HEADING },
  // The wizard's first step is most of this markup: after the other headings, so the parser reaches them first.
  { path: '/product/add', ...PRODUCT_ADD_HEADING, body: <ProductAddFirstPaint /> },
  // Last: the welcome script inside the home's hero may make the browser paint what is above it before it runs (it
  // waits for the stylesheets), so every other screen's heading stays above it and paints in the first frame.
  { path: '/', title: DEFAULT_PAGE_TITLE, hero: true },
];

/**
 * The Mantine component styles the first paint needs beyond the first stylesheet's (app/mantine-styles.ts): the
 * wizard's first step. The build inlines them into index.html with the first paint's own style; the router's
 * stylesheet brings the same rules again later.
 */
export const FIRST_PAINT_MANTINE_STYLES = [
  'InlineInput',
  'CheckboxIndicator',
  'Checkbox',
  'Pill',
  'PillsInput',
  'SegmentedControl',
  'SimpleGrid',
  'Stepper',
] as const;

/** The style rules that show the heading of the address in `<html data-path>` and no other. */
export function firstPaintScreenRules(): string {
  return FIRST_PAINT_SCREENS.map(
    (screen) => `html[data-path="${screen.path}"] [data-fp-path="${screen.path}"]{display:block}`,
  ).join('\n');
}

const BARS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

function Bars({ count, className }: { count: number; className: string }) {
  return BARS.slice(0, count).map((bar) => <span key={bar} className={className} />);
}

export function SignedInFirstPaint() {
  return (
    <div id={FIRST_PAINT_ID} className="fp">
      <header className="fp-header">
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <span className="fp-burger" aria-hidden="true" />
          <BrandMark />
        </Group>
      </header>
      <div className="fp-nav" aria-hidden="true">
        <Text fz="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={6}>
          Menu
        </Text>
        <Bars count={6} className="fp-nav-bar" />
      </div>
      <main className="fp-main" aria-busy="true">
        <div {...{ [FIRST_PAINT_MAIN]: '' }}>
          {FIRST_PAINT_SCREENS.map((screen) => (
            <div key={screen.path} data-fp-path={screen.path}>
              {screen.hero ? (
                <div className="fp-hero">
                  {/* An admin's home hero (pages/home-page.tsx); the welcome script fills in the texts it remembered. */}
                  <Stack gap="xs" maw={680}>
                    <Title order={1} fz={{ base: 28, sm: 32 }}>
                      {screen.title}
                    </Title>
                    <Text fz="lg" fw={600} data-fp-welcome="hello" />
                    <Text fz="md" data-fp-welcome="intro" />
                  </Stack>
                  {/* The build puts the welcome script here (scripts/prerender.ts), before anything below the hero. */}
                  <template id={WEB_WELCOME_SCRIPT_PLACE} />
                </div>
              ) : (
                (screen.body ?? <PageHeader title={screen.title} description={screen.description} />)
              )}
            </div>
          ))}
          <div className="fp-content" role="status" aria-label="Laden…">
            <Bars count={5} className="fp-bar" />
          </div>
        </div>
      </main>
    </div>
  );
}
