import { MESSAGES } from '@ateliermarkt/contract';
import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Last resort when a screen throws or its chunk cannot load (e.g. after a deploy). */
export function RouteError() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Title order={1}>Er ging iets mis</Title>
        <Text c="dimmed">{MESSAGES.generalError}</Text>
        <Button onClick={() => window.location.reload()}>Pagina opnieuw laden</Button>
      </Stack>
    </Center>
  );
}
