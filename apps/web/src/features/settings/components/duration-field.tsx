import { parseDuration } from '@ateliermarkt/contract';
import { Group, Input, NumberInput, Select } from '@mantine/core';
import { useId } from 'react';

/** The units a person chooses; the API keeps its own short form ('15m', '24h', '3d'). */
const UNITS = [
  { value: 'm', label: 'minuten', ms: 60_000 },
  { value: 'h', label: 'uren', ms: 3_600_000 },
  { value: 'd', label: 'dagen', ms: 86_400_000 },
] as const;
type Unit = (typeof UNITS)[number]['value'];

/** '24h' → 24 uren, '72h' → 3 dagen: the largest unit the duration is at least two whole ones of. */
export function splitDuration(text: string): { amount: number | ''; unit: Unit } {
  const ms = parseDuration(text);
  if (ms === null) {
    const unit = UNITS.find((u) => text.trim().endsWith(u.value))?.value ?? 'h';
    const amount = Number.parseInt(text, 10);
    return { amount: Number.isFinite(amount) ? amount : '', unit };
  }
  const whole = [...UNITS].reverse().filter((u) => ms % u.ms === 0);
  const unit = whole.find((u) => ms / u.ms >= 2) ?? whole[0] ?? UNITS[0];
  return { amount: Math.max(1, Math.round(ms / unit.ms)), unit: unit.value };
}

export type DurationFieldProps = {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/**
 * A duration as a number and a Dutch unit (minuten, uren, dagen) instead of `24h`/`3d`. The form keeps
 * the API's text; this field only shows and writes it.
 */
export function DurationField({ label, description, value, onChange, error }: DurationFieldProps) {
  const id = useId();
  const { amount, unit } = splitDuration(value);
  const write = (nextAmount: number | string, nextUnit: Unit) =>
    onChange(nextAmount === '' ? '' : `${nextAmount}${nextUnit}`);
  return (
    <Input.Wrapper label={label} description={description} error={error} withAsterisk id={`${id}-amount`}>
      <Group gap="xs" wrap="nowrap" mt={4} align="flex-start">
        <NumberInput
          id={`${id}-amount`}
          aria-describedby={error ? `${id}-amount-error` : undefined}
          aria-invalid={error ? true : undefined}
          value={amount}
          onChange={(next) => write(next, unit)}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Select
          aria-label={`Eenheid voor ${label}`}
          data={UNITS.map((u) => ({ value: u.value, label: u.label }))}
          value={unit}
          onChange={(next) => {
            const chosen = UNITS.find((u) => u.value === next);
            if (chosen) write(amount, chosen.value);
          }}
          allowDeselect={false}
          w={130}
        />
      </Group>
    </Input.Wrapper>
  );
}
