import { formatDateTime, type MySession } from '@ateliermarkt/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notifyFailure } from '../../../components/notify.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { session } from '../../../lib/session.ts';
import { endAllMySessions, useEndMySession, useMySessions } from '../api/my-sessions.ts';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '–');

/** 'Mijn sessies': where the account is logged in, with 'Uitloggen' per session and 'Overal uitloggen'. */
export function MySessionsSection() {
  const sessions = useMySessions();
  const end = useEndMySession();

  const endOne = (s: MySession) => {
    if (s.current) {
      void session.logout();
      return;
    }
    end.mutate(s.id, { onError: (err) => notifyFailure(err) });
  };
  const endAll = () =>
    openConfirmDialog({
      title: 'Overal uitloggen',
      children: <Text>Alle sessies van je account worden beëindigd, ook deze. Je logt daarna opnieuw in.</Text>,
      confirmLabel: 'Overal uitloggen',
      color: 'red',
      onConfirm: () =>
        endAllMySessions().then(
          () => session.end('logout'),
          (err: unknown) => notifyFailure(err),
        ),
    });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            Mijn sessies
          </Title>
          <Button variant="default" color="red" onClick={endAll}>
            Overal uitloggen
          </Button>
        </Group>
        {sessions.isError && <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />}
        {!sessions.data && !sessions.isError && <PageLoader />}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Mijn sessies">
          {sessions.data?.map((s) => (
            <Paper component="li" key={s.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{s.device}</Text>
                    {s.current && (
                      <Badge color="green" variant="light">
                        Deze sessie
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Adres {s.ipAddress ?? 'onbekend'} · laatst gebruikt {when(s.lastUsedAt)} · verloopt{' '}
                    {when(s.expiresAt)}
                  </Text>
                </Stack>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => endOne(s)}
                  aria-label={`Uitloggen: ${s.device}, laatst gebruikt ${when(s.lastUsedAt)}`}
                >
                  Uitloggen
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
