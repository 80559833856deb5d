import { MESSAGES, type TwoFactorSetup } from '@ateliermarkt/contract';
import { Alert, Button, Code, Image, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

export type TwoFactorSetupPanelProps = {
  setup: TwoFactorSetup;
  /** Sends the first code; resolves when it was accepted, rejects with the message to show. */
  onCode: (code: string) => Promise<void>;
  pending: boolean;
  error: string | null;
};

/**
 * Setting up two-factor log-in: the QR code for the authenticator app, the secret as text for who cannot
 * scan, and the first code that switches it on. Used at log-in (when the role requires it) and on 'Beveiliging'.
 */
export function TwoFactorSetupPanel({ setup, onCode, pending, error }: TwoFactorSetupPanelProps) {
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onCode(code).catch(() => {});
  };
  return (
    <form noValidate onSubmit={submit} aria-label={MESSAGES.twoFactorSetupTitle}>
      <Stack gap="md">
        <Text>{MESSAGES.twoFactorSetupIntro}</Text>
        <Image
          src={setup.qrCode}
          alt="QR-code voor je authenticator-app"
          w={200}
          h={200}
          mx="auto"
          bg="white"
          radius="sm"
        />
        <div>
          <Text size="sm" fw={500}>
            {MESSAGES.twoFactorSecretLabel}
          </Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Code>
        </div>
        <TextInput
          label={MESSAGES.twoFactorCodeLabel}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error ?? undefined}
        />
        <Button type="submit" loading={pending}>
          {MESSAGES.twoFactorEnableSubmit}
        </Button>
      </Stack>
    </form>
  );
}

/** The ten recovery codes, shown once after switching on. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" role="status" title={MESSAGES.twoFactorEnabled}>
        {MESSAGES.recoveryCodesIntro}
      </Alert>
      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="xs">
          {MESSAGES.recoveryCodesTitle}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {codes.map((c) => (
            <Code key={c} fz="md">
              {c}
            </Code>
          ))}
        </SimpleGrid>
      </Paper>
      <Button onClick={onDone}>{MESSAGES.recoveryCodesContinue}</Button>
    </Stack>
  );
}
