import { MESSAGES, type Profile, type TwoFactorSetup } from '@ateliermarkt/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { askReconfirmation } from '../../../components/reconfirm-dialog.tsx';
import { RecoveryCodesList, TwoFactorSetupPanel } from '../../../components/two-factor.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY } from '../../../lib/current-user.ts';
import { disableMyTwoFactor, enableMyTwoFactor, setUpMyTwoFactor } from '../api/two-factor.ts';

/** 'Tweestapsverificatie' on the Beveiliging page: switch it on (QR, first code, recovery codes) or off. */
export function TwoFactorSection({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });

  const start = () =>
    askReconfirmation((r) =>
      setUpMyTwoFactor(r).then(setSetup, (err: unknown) => notifyFailure(err, { title: MESSAGES.twoFactorTitle })),
    );
  const switchOff = () =>
    askReconfirmation(
      (r) =>
        disableMyTwoFactor(r).then(
          () => {
            notifySuccess(MESSAGES.twoFactorDisabled);
            return refresh();
          },
          (err: unknown) => notifyFailure(err, { title: MESSAGES.twoFactorTitle }),
        ),
      { withCode: true },
    );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            {MESSAGES.twoFactorTitle}
          </Title>
          <Badge color={profile.twoFactorEnabled ? 'green' : 'gray'} variant="light">
            {profile.twoFactorEnabled ? MESSAGES.twoFactorOn : MESSAGES.twoFactorOff}
          </Badge>
        </Group>
        {codes ? (
          <RecoveryCodesList
            codes={codes}
            onDone={() => {
              setCodes(null);
              setSetup(null);
              void refresh();
            }}
          />
        ) : setup ? (
          <TwoFactorSetupPanel
            setup={setup}
            pending={pending}
            error={error}
            onCode={async (code) => {
              setPending(true);
              try {
                setCodes((await enableMyTwoFactor(code)).recoveryCodes);
                setError(null);
              } catch (err) {
                setError(errorMessage(err, MESSAGES.twoFactorCodeInvalid));
              } finally {
                setPending(false);
              }
            }}
          />
        ) : profile.twoFactorEnabled ? (
          <>
            <Text>
              Bij het inloggen vragen we na je wachtwoord om een code uit je authenticator-app (of een herstelcode).
            </Text>
            <Group>
              <Button variant="default" color="red" onClick={switchOff}>
                {MESSAGES.twoFactorDisableSubmit}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>
              Met tweestapsverificatie is je wachtwoord alleen niet genoeg om in te loggen: je vult ook een code uit een
              authenticator-app op je telefoon in.
            </Text>
            <Group>
              <Button onClick={start}>Tweestapsverificatie instellen</Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
