import { Group, TextInput } from '@mantine/core';
import type { CSSProperties } from 'react';

/** A first and a last day, `yyyy-mm-dd`; empty when not chosen. */
export type DateRange = { from: string; to: string };

export type DateRangeFieldsProps = {
  range: DateRange;
  onChange: (change: Partial<DateRange>) => void;
  labels: DateRange;
  /** Share the space of a filter bar with other fields (true), or keep the fields' own width. */
  fill?: boolean;
};

/** The date range of a list's filters: each day bounds the other, so the range cannot run backwards. */
export function DateRangeFields({ range, onChange, labels, fill = false }: DateRangeFieldsProps) {
  const field: CSSProperties = fill ? { flex: 1, minWidth: 0 } : { minWidth: 0 };
  return (
    <Group gap="sm" wrap="nowrap" style={{ flex: fill ? '1 1 18rem' : '0 1 auto', minWidth: 0 }}>
      <TextInput
        label={labels.from}
        type="date"
        value={range.from}
        max={range.to || undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
        style={field}
      />
      <TextInput
        label={labels.to}
        type="date"
        value={range.to}
        min={range.from || undefined}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        style={field}
      />
    </Group>
  );
}
