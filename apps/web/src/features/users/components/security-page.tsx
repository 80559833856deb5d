import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMyProfile } from '../api/get-my-profile.ts';
import { MySessionsSection } from './my-sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** 'Beveiliging': two-factor log-in and the own sessions. */
export function SecurityPage() {
  const profile = useMyProfile();
  if (!profile.data) return <PageLoader />;
  return (
    <Stack maw={720}>
      <PageHeader title="Beveiliging" description="Tweestapsverificatie en je sessies." />
      <TwoFactorSection profile={profile.data} />
      <MySessionsSection />
    </Stack>
  );
}
