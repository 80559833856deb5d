import { Box, Typography } from '@mantine/core';
import classes from './content.module.css';

export type RichHtmlProps = { html: string; compact?: boolean };

/**
 * Shows rich text as the server stored it. The server sanitized it on save with its one allow-list
 * (lib/rich-text.ts on the server), so it is rendered as HTML here; nothing the browser would run survives that.
 */
export function RichHtml({ html, compact }: RichHtmlProps) {
  return (
    <Typography className={compact ? classes.compact : classes.rich}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save */}
      <Box dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
