import { type Profile, roleKindOf } from '@ateliermarkt/contract';
import { AppShell, Badge, Burger, Group, NavLink, ScrollArea, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { FailedMailsBanner } from '../../features/admins/components/failed-mails-notice.tsx';
import { useOpenReservationsCount } from '../../features/reservations/api/use-open-reservations-count.ts';
import { useMedia } from '../../lib/use-media.ts';
import { activeNavPath, type NavItem, navItemsFor } from '../navigation.tsx';
import { useLiveEvents } from '../use-live-events.tsx';
import classes from './shell.module.css';
import { UserMenu } from './user-menu.tsx';

export type AppLayoutProps = { profile: Profile | null; children: ReactNode };

type NavigationLinksProps = { items: NavItem[]; badges: boolean; onNavigate: () => void };

/**
 * The role's navigation links. The open reservations' count and the address are read here, not in the layout: when
 * the count arrives (or the screen changes) only these links render again, not the header and the user menu.
 */
function NavigationLinks({ items, badges, onNavigate }: NavigationLinksProps) {
  const { pathname } = useLocation();
  const active = activeNavPath(items, pathname);
  const openReservations = useOpenReservationsCount(badges);
  return items.map((item) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={item.icon}
      active={active === item.to}
      aria-current={active === item.to ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      fw={500}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      mb={2}
      rightSection={
        item.badge === 'openReservations' && openReservations !== undefined && openReservations > 0 ? (
          <Badge size="sm" circle={openReservations < 10}>
            {openReservations}
            <VisuallyHidden> openstaand</VisuallyHidden>
          </Badge>
        ) : undefined
      }
    />
  ));
}

/** Header with product name and user menu, the role's navigation, and the screen. */
export function AppLayout({ profile, children }: AppLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the md breakpoint the closed navbar is only moved off screen: keep its links out of the tab order.
  const isCompact = useMedia('(max-width: 61.99em)');
  const kind = profile ? roleKindOf(profile) : null;
  const items = kind ? navItemsFor(kind) : [];
  useLiveEvents(kind === 'workshopAdmin' || kind === 'superAdmin');

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      {/* The first thing a keyboard reaches: past the header and the menu, straight to the screen. */}
      <a href="#inhoud" className={classes.skipLink}>
        Naar de inhoud
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Menu sluiten' : 'Menu openen'}
              aria-expanded={opened}
            />
            <Link to="/" className={classes.homeLink} aria-label="Ateliermarkt, naar home">
              <BrandMark />
            </Link>
            {profile?.tenant && (
              <Badge variant="light" color="stone" size="lg" visibleFrom="sm" tt="none" fw={600} data-may-shrink>
                {profile.tenant.name}
              </Badge>
            )}
          </Group>
          {profile && <UserMenu profile={profile} />}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} aria-label="Hoofdmenu" inert={isCompact && !opened}>
        <ScrollArea px="sm" py="md">
          <Text fz="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={6}>
            Menu
          </Text>
          <NavigationLinks items={items} badges={kind === 'workshopAdmin'} onNavigate={close} />
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main} id="inhoud" tabIndex={-1}>
        {kind === 'superAdmin' && <FailedMailsBanner />}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
