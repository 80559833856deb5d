import { assertNever, DEFAULT_PAGE_TITLE, type Profile, type RoleKind, roleKindOf } from '@ateliermarkt/contract';
import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import linkCard from '../../components/link-card.module.css';
import { FailedMailsTodoCard } from '../../features/admins/components/failed-mails-notice.tsx';
import { DashboardSection } from '../../features/dashboard/components/dashboard-section.tsx';
import { ProductOverview } from '../../features/products/components/product-overview-page.tsx';
import { useMyProfile } from '../../features/users/api/get-my-profile.ts';
import { UserTable } from '../../features/users/components/user-table.tsx';
import { WorkshopTable } from '../../features/workshops/components/workshop-table.tsx';
import { navItemsFor } from '../navigation.tsx';
import classes from './home-page.module.css';
import { useRememberedWelcome } from './remembered-welcome.ts';

function intro(kind: RoleKind, profile: Profile): string {
  const workshop = profile.tenant?.name ?? 'je atelier';
  switch (kind) {
    case 'superAdmin':
      return "Als platformbeheerder beheer je hier de ateliers, de teksten en pagina's van de webshop, de veelgestelde vragen en de uitgelichte producten.";
    case 'workshopAdmin':
      return `Hier beheer je de producten, reserveringen en gebruikers van ${workshop}.`;
    case 'user':
      return `Hier beheer je de producten die je voor ${workshop} maakt.`;
    default:
      return assertNever(kind, 'role');
  }
}

/**
 * Home: the welcome; the super admin's workshop table (the role's home screen, within the first
 * screenful), then for admins the dashboard, then the workshop admin's user table.
 */
export function HomePage() {
  const { data: profile } = useMyProfile();
  const kind = profile ? roleKindOf(profile) : null;
  const admin = kind === 'superAdmin' || kind === 'workshopAdmin';
  const hello = profile ? `Hallo ${profile.name || profile.fullName || profile.userName}!` : '';
  const welcome = profile && kind ? { hello, intro: intro(kind, profile) } : undefined;
  useRememberedWelcome(welcome && (admin ? welcome : null));
  if (!profile || !kind || !welcome) return null;
  // Admins get the dashboard instead of tiles that repeat the navigation.
  const shortcuts = admin ? [] : navItemsFor(kind).filter((item) => item.to !== '/');

  return (
    <Stack gap="xl" maw={1100}>
      {/* Smaller for admins: the dashboard below is what they came for. */}
      <Paper radius="lg" p={{ base: 'lg', sm: admin ? 'xl' : 40 }} className={classes.hero}>
        <Stack gap={admin ? 'xs' : 'sm'} maw={680}>
          <Title order={1} fz={{ base: 28, sm: admin ? 32 : 38 }}>
            {DEFAULT_PAGE_TITLE}
          </Title>
          <Text fz="lg" fw={600}>
            {welcome.hello}
          </Text>
          <Text fz="md">{welcome.intro}</Text>
        </Stack>
      </Paper>

      {shortcuts.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="xl">
            Snel naar
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
            {shortcuts.map((item) => (
              <UnstyledButton
                key={item.to}
                component={Link}
                to={item.to}
                className={`${linkCard.linkCard} ${classes.shortcut}`}
              >
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
                  {item.icon}
                </ThemeIcon>
                <Text fw={600}>{item.label}</Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      )}

      {/* First for the super admin: the role's home screen, not under the whole dashboard. */}
      {kind === 'superAdmin' && <WorkshopTable />}

      {admin && (
        <DashboardSection
          marketplace={kind === 'superAdmin'}
          todoExtraCard={kind === 'superAdmin' ? (card) => <FailedMailsTodoCard {...card} /> : undefined}
        />
      )}

      {/* Last: its height is known only when its rows arrive, and nothing below it may move then (layout shift). */}
      {kind === 'workshopAdmin' && (
        <UserTable currentUserId={profile.id} workshopName={profile.tenant?.name ?? 'je atelier'} />
      )}
      {kind === 'user' && <ProductOverview title="Producten" embedded />}
    </Stack>
  );
}
