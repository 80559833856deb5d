import { formatDateTime, MESSAGES, type OutboxMail } from '@ateliermarkt/contract';
import { Alert, Button, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFailedMails, useResendMail } from '../api/outbox.ts';

/** Mails the server gave up on after a day of retries (issue 13.8), each with 'Opnieuw versturen'. */
export function FailedMailsSection() {
  const query = useFailedMails();
  const resend = useResendMail();
  const records = query.data?.items ?? [];
  const send = (mail: OutboxMail) =>
    resend.mutate(mail.id, {
      onSuccess: () => notifications.show({ color: 'green', message: MESSAGES.outboxResent }),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });

  return (
    <Stack gap="xs" mt="xl" component="section" aria-labelledby="failed-mails-title">
      <Title order={2} size="h3" id="failed-mails-title">
        {MESSAGES.outboxTitle}
      </Title>
      <Text c="dimmed" fz="sm">
        {MESSAGES.outboxIntro}
      </Text>
      {query.isError ? (
        <Alert color="red" title={MESSAGES.outboxTitle}>
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <DataTable<OutboxMail>
            aria-label={MESSAGES.outboxTitle}
            minHeight={records.length ? undefined : 140}
            verticalSpacing="sm"
            horizontalSpacing="md"
            fetching={query.isPending}
            noRecordsText={query.isPending ? 'E-mails laden…' : MESSAGES.outboxEmpty}
            records={records}
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
              {
                accessor: 'actions',
                title: <VisuallyHidden>Actie</VisuallyHidden>,
                textAlign: 'right',
                render: (m) => (
                  <Button
                    size="xs"
                    variant="light"
                    loading={resend.isPending && resend.variables === m.id}
                    onClick={() => send(m)}
                    aria-label={`${MESSAGES.outboxResend}: ${m.subject} aan ${m.to}`}
                  >
                    {MESSAGES.outboxResend}
                  </Button>
                ),
              },
            ]}
          />
        </Paper>
      )}
    </Stack>
  );
}
