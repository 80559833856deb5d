import { Alert, Button, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { useMyProfile } from '../../features/users/api/get-my-profile.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { session } from '../../lib/session.ts';
import { FirstPaintOrLoader } from '../first-paint.tsx';
import { AppLayout } from './app-layout.tsx';

/** The logged-in frame: loads the profile, which decides the navigation and the route guards. */
export function Shell() {
  const profile = useMyProfile();
  return (
    <AppLayout profile={profile.data ?? null}>
      {profile.isError ? (
        <Alert color="red" variant="light" title="Je profiel kon niet worden geladen" role="alert" maw={640}>
          {errorMessage(profile.error)}
          <Group mt="md">
            <Button variant="light" onClick={() => void profile.refetch()}>
              Opnieuw proberen
            </Button>
            <Button variant="subtle" onClick={() => void session.logout()}>
              Uitloggen
            </Button>
          </Group>
        </Alert>
      ) : profile.data ? (
        <Outlet />
      ) : (
        <FirstPaintOrLoader part="main" />
      )}
    </AppLayout>
  );
}
