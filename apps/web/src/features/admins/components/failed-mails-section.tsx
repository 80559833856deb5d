import { formatDateTime, MESSAGES, type OutboxMail } from '@ateliermarkt/contract';
import { Stack, Text, Title } from '@mantine/core';
import { ListTable } from '../../../components/data-table.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useFailedMails, useResendMail } from '../api/outbox.ts';

/** Mails the server gave up on after a day of retries (issue 13.8), each with 'Opnieuw versturen'. */
export function FailedMailsSection() {
  const query = useFailedMails();
  const resend = useResendMail();
  const send = (mail: OutboxMail) =>
    resend.mutate(mail.id, {
      onSuccess: () => notifySuccess(MESSAGES.outboxResent),
      onError: (error) => notifyFailure(error),
    });

  return (
    <Stack gap="xs" mt="xl" component="section" aria-labelledby="failed-mails-title">
      <Title order={2} size="h3" id="failed-mails-title">
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
            accessor: 'lastError',
            title: MESSAGES.outboxLastError,
            render: (m) => (
              <Text fz="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                {m.lastError ?? '—'}
              </Text>
            ),
          },
          {
            accessor: 'failedAt',
            title: MESSAGES.outboxTime,
            noWrap: true,
            render: (m) => formatDateTime(m.failedAt ?? m.createdAt),
          },
        ]}
      />
    </Stack>
  );
}
