import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Navigation state of a save that leads to the workshop's page: that page puts focus on its title. */
export const FOCUS_TITLE_STATE = { focusTitle: true } as const;

/**
 * A ref for the page's title that takes the focus once the page is shown, when it was reached by a save (the saved
 * notice is announced by itself; the focus would otherwise fall to the page). The state is cleared after, so a reload
 * or going back does not move the focus again.
 */
export function useTitleFocusAfterSave(ready: boolean) {
  const title = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = (location.state as { focusTitle?: boolean } | null)?.focusTitle === true;
  useEffect(() => {
    if (!ready || !wanted || !title.current) return;
    title.current.focus();
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [ready, wanted, navigate, location.pathname, location.search]);
  return title;
}
