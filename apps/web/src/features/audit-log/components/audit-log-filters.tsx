import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AvailableWorkshop, AUDIT_MESSAGES as M } from '@ateliermarkt/contract';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { IconSearch } from '../../../components/icons.tsx';
import type { AuditListState } from './audit-log-url.ts';

export type AuditLogFiltersProps = {
  state: AuditListState;
  onChange: (change: Partial<AuditListState>) => void;
  /** The super admin's workshop choice; absent for a workshop admin (the server shows the own workshop only). */
  workshops?: AvailableWorkshop[] | undefined;
};

/** The Logboek's filters: user (sent a moment after typing stops), workshop, kind and a date range. */
export function AuditLogFilters({ state, onChange, workshops }: AuditLogFiltersProps) {
  const [text, setText] = useState(state.user);
  const commitUser = useDebouncedCallback((user: string) => onChange({ user }), 300);
  const narrowed = Boolean(state.user || state.tenantId || state.kind || state.from || state.to);
  const grow = { flex: '1 1 14rem', minWidth: 0 };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={M.filterUser}
        placeholder={M.filterUserPlaceholder}
        type="search"
        leftSection={<IconSearch />}
        value={text}
        maxLength={100}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commitUser(event.currentTarget.value);
        }}
        style={grow}
      />
      {workshops && (
        <NativeSelect
          label={M.filterWorkshop}
          value={state.tenantId}
          data={[{ value: '', label: M.filterWorkshopAll }, ...workshops.map((w) => ({ value: w.id, label: w.name }))]}
          onChange={(event) => onChange({ tenantId: event.currentTarget.value })}
          style={grow}
        />
      )}
      <NativeSelect
        label={M.filterKind}
        value={state.kind}
        data={[
          { value: '', label: M.filterKindAll },
          ...AUDIT_KINDS.map((k) => ({ value: k, label: AUDIT_KIND_LABELS[k] })),
        ]}
        onChange={(event) => {
          const kind = AUDIT_KINDS.find((k) => k === event.currentTarget.value) ?? '';
          onChange({ kind });
        }}
        style={grow}
      />
      <DateRangeFields range={state} onChange={onChange} labels={{ from: M.filterFrom, to: M.filterTo }} fill />
      {narrowed && (
        <Button
          variant="default"
          onClick={() => {
            setText('');
            commitUser.cancel();
            onChange({ user: '', tenantId: '', kind: '', from: '', to: '' });
          }}
        >
          Filters wissen
        </Button>
      )}
    </Group>
  );
}
