import { Avatar, Badge, Checkbox, MantineProvider, Tooltip } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme.ts';
import { renderWithProviders } from '../test/render.tsx';
import { CellAvatar, CellBadge, CellCheckbox } from './cell-parts.tsx';

/** The markup as the server would send it, with the theme; ids left out (Mantine's Checkbox makes one up). */
function markup(ui: ReactNode): string {
  return renderToStaticMarkup(<MantineProvider theme={theme}>{ui}</MantineProvider>)
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/ id="[^"]*"/g, '');
}

describe('a list cell’s parts are Mantine’s markup to the letter', () => {
  it.each([
    { checked: false, disabled: false },
    { checked: true, disabled: false },
    { checked: false, disabled: true },
  ])('the selection box %j', ({ checked, disabled }) => {
    const mantine = markup(
      <Checkbox aria-label="Selecteer Vaas" checked={checked} disabled={disabled} onChange={() => {}} />,
    );
    expect(mantine).toContain('mantine-Checkbox-input');
    expect(
      markup(<CellCheckbox aria-label="Selecteer Vaas" checked={checked} disabled={disabled} onChange={() => {}} />),
    ).toBe(mantine);
  });

  it.each([
    { variant: 'light', color: 'green' },
    { variant: 'light', color: 'gray', radius: 'sm' },
    { variant: 'light', color: 'terracotta', radius: 'sm' },
    { variant: 'dot', color: 'teal' },
    { variant: 'dot', color: 'yellow' },
    { variant: 'dot', color: 'red' },
  ] as const)('the badge %j', ({ variant, color, ...rest }) => {
    const radius = 'radius' in rest ? rest.radius : undefined;
    const mantine = markup(
      <Badge variant={variant} color={color} radius={radius} tt="none">
        Te koop
      </Badge>,
    );
    expect(mantine).toContain('mantine-Badge-label');
    expect(
      markup(
        <CellBadge variant={variant} color={color} radius={radius}>
          Te koop
        </CellBadge>,
      ),
    ).toBe(mantine);
  });

  it('a badge that takes the keyboard’s focus', () => {
    expect(
      markup(
        <CellBadge variant="light" color="gray" tabIndex={0}>
          Nieuw
        </CellBadge>,
      ),
    ).toBe(
      markup(
        <Badge variant="light" color="gray" tabIndex={0} style={{ textTransform: 'none' }}>
          Nieuw
        </Badge>,
      ),
    );
  });

  it('a badge under a tooltip (it adds a class and handlers to the badge)', () => {
    expect(
      markup(
        <Tooltip label="Gepauzeerd tot het atelier weer open is">
          <CellBadge variant="light" color="gray" tabIndex={0}>
            Gepauzeerd
          </CellBadge>
        </Tooltip>,
      ),
    ).toBe(
      markup(
        <Tooltip label="Gepauzeerd tot het atelier weer open is">
          <Badge variant="light" color="gray" tabIndex={0} style={{ textTransform: 'none' }}>
            Gepauzeerd
          </Badge>
        </Tooltip>,
      ),
    );
  });

  it('the photo, and Mantine’s own avatar without one', () => {
    expect(markup(<CellAvatar src="/thumbs/vaas.webp" />)).toBe(
      markup(<Avatar src="/thumbs/vaas.webp" alt="" radius="sm" size={36} />),
    );
    expect(markup(<CellAvatar src={null} />)).toBe(markup(<Avatar src={null} alt="" radius="sm" size={36} />));
  });
});

describe('a list cell’s parts in use', () => {
  it('the selection box reports a click, and shows a box that is checked and disabled as such', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <CellCheckbox aria-label="Selecteer Vaas" checked={false} onChange={onChange} />
        <CellCheckbox aria-label="Selecteer Kom" checked disabled onChange={onChange} />
      </>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecteer Vaas' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    const disabled = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Selecteer Kom' });
    expect([disabled.checked, disabled.disabled]).toEqual([true, true]);
  });

  it('a photo that does not load gives way to the placeholder', () => {
    const { container } = renderWithProviders(<CellAvatar src="/thumbs/weg.webp" />);
    const img = container.querySelector('img');
    expect(img).not.toBeNull();
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.mantine-Avatar-placeholder')).not.toBeNull();
  });
});
