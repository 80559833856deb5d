import { type Profile, roleKindOf } from '@ateliermarkt/contract';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { IconChevronDown, IconExternal, IconKey, IconLogout, IconShop, IconUser } from '../../components/icons.tsx';
import { useMenuBuiltWhenPressed } from '../../components/use-menu-built-when-pressed.ts';
import { session } from '../../lib/session.ts';
import classes from './shell.module.css';

function initials(profile: Profile): string {
  const letters = [profile.name, profile.surname].map((part) => part.trim().charAt(0)).join('');
  return (letters || profile.userName.charAt(0)).toUpperCase();
}

export type UserMenuProps = { profile: Profile };

/** The user menu, on a button with the full name. */
export function UserMenu({ profile }: UserMenuProps) {
  const isWorkshopAdmin = roleKindOf(profile) === 'workshopAdmin';
  const fullName = profile.fullName || profile.userName;
  // Built when its button is first pressed, as a list row's '…': no popover hooks in the shell's first render on
  // every screen (docs/decisions/0089).
  const { target, opened, setOpened, built, buttonProps } = useMenuBuiltWhenPressed<HTMLButtonElement>();
  const button = (
    <UnstyledButton ref={target} className={classes.userButton} {...buttonProps}>
      <Group gap="xs" wrap="nowrap">
        <Avatar color="terracotta" radius="xl" size={34} aria-hidden="true">
          {initials(profile)}
        </Avatar>
        <Text fw={600} fz="sm" visibleFrom="sm" truncate maw={220}>
          {fullName}
        </Text>
        <VisuallyHidden hiddenFrom="sm">{fullName}</VisuallyHidden>
        <IconChevronDown />
      </Group>
    </UnstyledButton>
  );
  if (!built) return button;
  return (
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      radius="md"
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{profile.tenant?.name ?? 'Platformbeheer'}</Menu.Label>
        {profile.tenant?.url && (
          <Menu.Item
            component="a"
            href={profile.tenant.url}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternal />}
          >
            Bekijk mijn atelier
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/profile/edit" leftSection={<IconUser />}>
          Profiel wijzigen
        </Menu.Item>
        {isWorkshopAdmin && (
          <Menu.Item component={Link} to="/workspace" leftSection={<IconShop />}>
            Atelier wijzigen
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/profile/change-password" leftSection={<IconKey />}>
          Wachtwoord wijzigen
        </Menu.Item>
        <Menu.Item component={Link} to="/profile/security" leftSection={<IconKey />}>
          Beveiliging
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout />} onClick={() => void session.logout()}>
          Uitloggen
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
