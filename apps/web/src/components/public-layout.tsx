import { PRODUCT_NAME } from '@ateliermarkt/contract';
import { Box, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './public-layout.module.css';

export type PublicLayoutProps = { children: ReactNode };

/** The calm backdrop of screens shown without a session: log-in and reset password. */
export function PublicLayout({ children }: PublicLayoutProps) {
  return (
    <Box component="main" className={classes.root}>
      <Center mih="100dvh" px="md" py={48}>
        <Stack w="100%" maw={440} gap="lg">
          {children}
          <Text ta="center" fz="sm" c="dimmed">
            {PRODUCT_NAME} · de back-office voor ateliers en hun makers
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
