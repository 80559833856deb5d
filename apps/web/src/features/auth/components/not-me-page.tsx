import { MESSAGES } from '@ateliermarkt/contract';
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { useReportNotMe } from '../api/report-not-me.ts';

/**
 * The 'dit was ik niet' link of a security notice. Opening the link changes nothing (mail scanners open
 * links); the button does: every session of the account that made the change ends and the super admins are told.
 */
export function NotMePage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const report = useReportNotMe();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = () => {
    if (!code) return;
    report.mutate(code, {
      onSuccess: (res) => setOutcome({ ok: true, text: res.message }),
      onError: (error) => setOutcome({ ok: false, text: errorMessage(error, MESSAGES.notMeInvalid) }),
    });
  };

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} maw={480} w="100%" mx="auto">
      <Stack gap="md">
        <Title order={1} fz={28}>
          {MESSAGES.notMeTitle}
        </Title>
        {!code && (
          <Alert color="red" variant="light" role="alert">
            {MESSAGES.notMeInvalid}
          </Alert>
        )}
        {outcome && (
          <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
        )}
        {code && !outcome?.ok && (
          <>
            <Text>{MESSAGES.notMeIntro}</Text>
            <Button color="red" onClick={submit} loading={report.isPending}>
              {MESSAGES.notMeSubmit}
            </Button>
          </>
        )}
        <Anchor component={Link} to="/" fz="sm" ta="center">
          Naar home
        </Anchor>
      </Stack>
    </Paper>
  );
}
