import { MESSAGES, type Reconfirmation } from '@ateliermarkt/contract';
import { PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { openConfirmDialog } from './confirm-dialog.tsx';

type Answer = { current: Reconfirmation };

function ReconfirmFields({ answer, withCode }: { answer: Answer; withCode: boolean }) {
  return (
    <Stack gap="sm">
      <Text size="sm">{MESSAGES.reconfirmIntro}</Text>
      <PasswordInput
        data-autofocus
        label={MESSAGES.reconfirmPasswordLabel}
        autoComplete="current-password"
        onChange={(e) => {
          answer.current = { ...answer.current, currentPassword: e.currentTarget.value };
        }}
      />
      {withCode && (
        <TextInput
          label={MESSAGES.reconfirmCodeLabel}
          autoComplete="one-time-code"
          onChange={(e) => {
            answer.current = { ...answer.current, confirmCode: e.currentTarget.value };
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Asks for the current password before a change of what moves money or identity and then makes the
 * change with it, through the one confirmation dialog (docs/decisions/0016). The server checks the password; a wrong
 * one is the save's own failure notice.
 */
export function askReconfirmation(
  save: (reconfirmation: Reconfirmation) => Promise<unknown>,
  { withCode = false }: { withCode?: boolean } = {},
) {
  const answer: Answer = { current: {} };
  openConfirmDialog({
    title: MESSAGES.reconfirmTitle,
    confirmLabel: MESSAGES.reconfirmSubmit,
    key: 'reconfirm',
    children: <ReconfirmFields answer={answer} withCode={withCode} />,
    onConfirm: () => save(answer.current),
  });
}
