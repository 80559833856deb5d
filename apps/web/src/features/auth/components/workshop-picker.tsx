import { Select, type SelectProps } from '@mantine/core';

/**
 * The log-in screen's searchable workshop picker. Mantine's Select brings the combobox, popover, floating-ui and
 * scroll area (about a third of the log-in screen's scripts), so it is a chunk of its own: login-page.tsx shows a
 * read-only field of the same size until it is there (right after the first paint). What it needs of those libraries
 * is a chunk of its own too (`log-in-libraries`, vite.config.ts), not the signed-in screens' shared one;
 * the build fails when the log-in screen pulls that in (scripts/initial-size.ts).
 */
export function WorkshopPicker(props: SelectProps) {
  return <Select {...props} />;
}
