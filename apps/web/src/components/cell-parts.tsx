import { Avatar, type MantineColor, useMantineTheme } from '@mantine/core';
import { type ComponentPropsWithRef, type CSSProperties, type ReactNode, useState } from 'react';

/*
 * A list's cells as plain elements that carry Mantine's own classes and variables: the same markup as Mantine's
 * Checkbox, Badge and Avatar (cell-parts.test.tsx renders both and compares them), without their work on every render.
 * A page of a list has 25 rows, each with a selection box and one to three of these; in a Node render of 25 each
 * (production React) Mantine's Checkbox took about 2 ms, its Avatar 0.7 ms and its Badge 0.5 ms, a plain element 0.1 ms
 * (docs/decisions/0092-list-cells-as-plain-elements.md). Only for the rows of lists: elsewhere Mantine's components.
 */

export type CellCheckboxProps = {
  'aria-label': string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
};

/** Mantine's Checkbox (filled, radius sm, the theme's colour, no label) for a row's selection. */
export function CellCheckbox({ 'aria-label': label, checked, disabled, onChange }: CellCheckboxProps) {
  return (
    <div
      style={CHECKBOX_VARS}
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-variant="filled"
      data-label-position="right"
      data-checked={checked || undefined}
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            data-with-error-styles="true"
            aria-label={label}
            disabled={disabled}
            type="checkbox"
            checked={checked}
            onChange={onChange}
          />
          <svg
            viewBox="0 0 10 7"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden="true"
            className="m_bf295423 mantine-Checkbox-icon"
          >
            <path
              d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper" data-disabled={disabled || undefined} />
      </div>
    </div>
  );
}

const CHECKBOX_VARS = {
  '--checkbox-radius': 'var(--mantine-radius-sm)',
  '--checkbox-color': 'var(--mantine-color-terracotta-filled)',
} as CSSProperties;

export type CellBadgeProps = {
  color: MantineColor;
  /** 'light' (a tinted background) or 'dot' (a coloured dot before the text). */
  variant: 'light' | 'dot';
  radius?: 'sm';
  children: ReactNode;
} & Omit<ComponentPropsWithRef<'div'>, 'color' | 'children'>;

/**
 * Mantine's Badge (size md, its text as written) in the theme's look. Other attributes, a ref among them, go to the
 * badge itself, so a Tooltip can wrap it (it adds a class and handlers of its own).
 */
export function CellBadge({ color, variant, radius, children, className, style: extraStyle, ...rest }: CellBadgeProps) {
  // The theme gives every badge a class of its own (theme.ts); its name is the stylesheet's, known only at run time.
  const themeClass = (useMantineTheme().components.Badge?.classNames as { root?: string } | undefined)?.root;
  const style = {
    ...(radius ? { '--badge-radius': `var(--mantine-radius-${radius})` } : {}),
    ...(variant === 'light'
      ? {
          '--badge-bg': `var(--mantine-color-${color}-light)`,
          '--badge-color': 'var(--mantine-color-text)',
          '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
        }
      : { '--badge-dot-color': `var(--mantine-color-${color}-filled)` }),
    textTransform: 'none',
    ...extraStyle,
  } as CSSProperties;
  return (
    <div
      style={style}
      className={`${themeClass ? `${themeClass} ` : ''}${variant === 'dot' ? 'm_fbd81e3d ' : ''}m_347db0ec mantine-Badge-root${className ? ` ${className}` : ''}`}
      data-variant={variant}
      {...rest}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

/** Mantine's Avatar of 36 px with radius sm for a photo; without one, or when it does not load, Mantine's own. */
export function CellAvatar({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <Avatar src={null} alt="" radius="sm" size={36} />;
  return (
    <div style={AVATAR_VARS} className="m_f85678b6 mantine-Avatar-root">
      <img className="m_11f8ac07 mantine-Avatar-image" src={src} alt="" onError={() => setFailed(src)} />
    </div>
  );
}

const AVATAR_VARS = {
  '--avatar-size': 'calc(2.25rem * var(--mantine-scale))',
  '--avatar-radius': 'var(--mantine-radius-sm)',
} as CSSProperties;
