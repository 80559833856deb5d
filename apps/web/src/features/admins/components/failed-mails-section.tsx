import { formatDateTime, MESSAGES, type OutboxMail } from '@ateliermarkt/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ListTable } from '../../../components/data-table.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useFailedMails, useResendMail } from '../api/outbox.ts';

const ANCHOR = 'niet-verstuurde-emails';

/**
 * Mails not delivered yet: given up, or failed and retried; each with why in Dutch and 'Opnieuw
 * versturen'. A mail stays here until it is really delivered.
 */
export function FailedMailsSection() {
  const query = useFailedMails({ poll: true });
  const resend = useResendMail();
  const { hash } = useLocation();
  const title = useRef<HTMLHeadingElement>(null);
  // Reached from the banner or the 'Te doen' card: bring the list into view and put the focus on its title.
  useEffect(() => {
    if (hash !== `#${ANCHOR}`) return;
    title.current?.scrollIntoView({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, [hash]);
  const send = (mail: OutboxMail) =>
    resend.mutate(mail.id, {
      onSuccess: () => notifySuccess(MESSAGES.outboxResent),
      onError: (error) => notifyFailure(error),
    });

  return (
    <Stack gap="xs" mt="xl" component="section" aria-labelledby={ANCHOR}>
      <Title order={2} size="h3" id={ANCHOR} ref={title} tabIndex={-1}>
        {MESSAGES.outboxTitle}
      </Title>
      <Text c="dimmed" fz="sm">
        {MESSAGES.outboxIntro}
      </Text>
      <ListTable<OutboxMail>
        label={MESSAGES.outboxTitle}
        records={query.data?.items}
        loading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        emptyText={MESSAGES.outboxEmpty}
        rowName={(m) => `${m.subject} aan ${m.to}`}
        rowActions={(m) => [
          {
            label: MESSAGES.outboxResend,
            disabledReason: resend.isPending && resend.variables === m.id ? MESSAGES.listLoading : undefined,
            onClick: () => send(m),
          },
        ]}
        columns={[
          { accessor: 'to', title: MESSAGES.outboxRecipient },
          { accessor: 'subject', title: MESSAGES.outboxSubject },
          {
            accessor: 'reason',
            title: MESSAGES.outboxReason,
            render: (m) => (
              <Stack gap={2}>
                <Text fz="sm">{m.reason ?? '—'}</Text>
                {m.lastError && (
                  <Text fz="xs" c="dimmed" lineClamp={1} title={m.lastError} style={{ wordBreak: 'break-word' }}>
                    {MESSAGES.outboxLastError}: {m.lastError}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'state',
            title: MESSAGES.outboxState,
            render: (m) =>
              m.state === 'failed'
                ? `${MESSAGES.outboxStateFailed} ${formatDateTime(m.failedAt ?? m.createdAt)}`
                : MESSAGES.outboxStateRetrying(formatDateTime(m.nextAttemptAt ?? m.createdAt)),
          },
        ]}
      />
    </Stack>
  );
}
