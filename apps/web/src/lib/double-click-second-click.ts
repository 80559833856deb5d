/**
 * A dialog opened by a click can be on screen before the second click of a double click arrives (a slow phone, a busy
 * machine): that click lands on the dialog's overlay, and a click on the overlay closes a dialog, so it flashed and was
 * gone. A click whose `detail` is 2 or more is the second of a double click, not a click outside: stopped here, in the
 * capture phase on the document, before React's listeners (on the root and on each portal's container) see it. A
 * single click outside still closes a dialog. Installed by the modules that open dialogs; once per page.
 *
 * The same for a form's submit button: the second click of a double click submits nothing. A save guarded by
 * `useSingleFlightMutation` sends one request while one is under way, but an answer that came back before the second
 * click (a fast server, a busy page) let that click save again, with a second notice. Enter still submits, and a
 * click after the double click's time has passed (`detail` back to 1) submits as any click does.
 */
let installed = false;

export function ignoreSecondClickOfDoubleClick() {
  if (installed) return;
  installed = true;
  document.addEventListener(
    'click',
    (event) => {
      if (event.detail <= 1 || !(event.target instanceof Element)) return;
      if (event.target.matches('.mantine-Modal-overlay')) event.stopPropagation();
      else if (event.target.closest('button[type="submit"]')) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    true,
  );
}
