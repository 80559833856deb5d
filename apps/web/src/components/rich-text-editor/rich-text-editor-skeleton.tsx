import { Input, Skeleton, Stack } from '@mantine/core';
import type { RichTextToolbar } from './types.ts';

export type RichTextEditorSkeletonProps = { label: string; toolbar: RichTextToolbar };

/** What shows while the editor's chunk loads: the label, a toolbar bar and a content area. */
export function RichTextEditorSkeleton({ label, toolbar }: RichTextEditorSkeletonProps) {
  return (
    <Stack gap={4} role="status" aria-live="polite" aria-label={`${label}: editor wordt geladen`}>
      <Input.Label component="div">{label}</Input.Label>
      <Skeleton height={42} radius="sm" />
      <Skeleton height={toolbar === 'full' ? 220 : 140} radius="sm" />
    </Stack>
  );
}
