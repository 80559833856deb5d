import { MESSAGES } from '@ateliermarkt/contract';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { IconDots } from './icons.tsx';
import { useMenuBuiltWhenPressed } from './use-menu-built-when-pressed.ts';

/** One thing a person can do with a row. */
export type RowAction = {
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  /** Deletes or otherwise cannot be undone: shown last, in red, after a divider. */
  destructive?: boolean;
  /** Set when the action cannot succeed now: the item is disabled and says why. */
  disabledReason?: string;
};

export type RowActionsMenuProps = { name: string; actions: RowAction[] };

/**
 * The row-action pattern of every list: a '…' button opening a menu, the destructive actions last and red, an
 * action that cannot succeed disabled with its reason. The menu's clicks and keys stay out of the row (which opens
 * on click and Enter), and the '…' button has focus when an action runs, so a dialog it opens returns focus there.
 */
export function RowActionsMenu({ name, actions }: RowActionsMenuProps) {
  // Mantine's menu is built only when the '…' is first pressed: a list shows one per row and most are never opened,
  // and building them all made the lists' first render one of the longest tasks of their screens.
  const { target, opened, setOpened, built, buttonProps } = useMenuBuiltWhenPressed<HTMLButtonElement>();
  if (actions.length === 0) return null;
  const safe = actions.filter((a) => !a.destructive);
  const destructive = actions.filter((a) => a.destructive);

  const item = (action: RowAction) => (
    <Menu.Item
      key={action.label}
      // red.9 as the text's colour only (Mantine's red.6 on white is 3.28:1): as the item's `color` it also
      // made the hover that shade filled, dark red on dark red (1.13:1).
      c={action.destructive ? 'red.9' : undefined}
      leftSection={action.icon}
      disabled={Boolean(action.disabledReason)}
      onClick={() => {
        target.current?.focus();
        action.onClick();
      }}
    >
      {action.label}
      {action.disabledReason && (
        <Text component="span" display="block" size="xs" c="dimmed">
          {action.disabledReason}
        </Text>
      )}
    </Menu.Item>
  );

  const button = (
    <ActionIcon
      ref={target}
      variant="subtle"
      color="gray"
      aria-label={MESSAGES.rowActions(name)}
      // Escape closes it while the focus is still on this button (a menu whose items are all disabled).
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpened(false);
      }}
      // Before the menu is built, the button says what the menu's target says: it opens a menu, now closed.
      {...buttonProps}
    >
      <IconDots />
    </ActionIcon>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the menu's clicks and keys from the row
    <div onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {built ? (
        <Menu position="bottom-end" shadow="md" radius="md" width={260} opened={opened} onChange={setOpened}>
          <Menu.Target>{button}</Menu.Target>
          <Menu.Dropdown>
            {safe.map(item)}
            {destructive.length > 0 && (
              <Fragment>
                {safe.length > 0 && <Menu.Divider />}
                {destructive.map(item)}
              </Fragment>
            )}
          </Menu.Dropdown>
        </Menu>
      ) : (
        button
      )}
    </div>
  );
}
