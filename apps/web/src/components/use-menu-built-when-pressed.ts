import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A menu built when its button is first pressed (a list row's '…', the header's user menu): Mantine's menu, a popover
 * with its positioning hooks and its own style work, is not part of a screen's first render (docs/decisions/0076 and
 * 0089). Until then the button stands alone and says what the menu's target says (`buttonProps`: it opens a menu, now
 * closed); pressed, the menu is built around a new button, which takes the focus and opens the menu, so the menu
 * returns the focus to it when it closes, as any menu's.
 */
export function useMenuBuiltWhenPressed<T extends HTMLElement>() {
  const target = useRef<T>(null);
  const [opened, setOpened] = useState(false);
  const [built, setBuilt] = useState(false);
  useLayoutEffect(() => {
    if (!built) return;
    target.current?.focus();
    setOpened(true);
  }, [built]);
  const buttonProps = built
    ? {}
    : { 'aria-haspopup': 'menu' as const, 'aria-expanded': false, onClick: () => setBuilt(true) };
  return { target, opened, setOpened, built, buttonProps };
}
