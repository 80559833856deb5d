import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './status-page.module.css';

export type StatusPageProps = {
  title: string;
  message: string;
  icon: ReactNode;
  action?: { label: string; to: string };
};

/** A calm full-width message page: placeholder screens and the 404 page. */
export function StatusPage({ title, message, icon, action }: StatusPageProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true" className={classes.icon}>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={440}>
          {message}
        </Text>
        {action && (
          <Button component={Link} to={action.to} variant="light" mt="sm">
            {action.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
