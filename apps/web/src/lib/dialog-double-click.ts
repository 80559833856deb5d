/**
 * A dialog opened by a click can be on screen before the second click of a double click arrives (a slow phone, a busy
 * machine): that click lands on the dialog's overlay, and a click on the overlay closes a dialog, so it flashed and was
 * gone. A click whose `detail` is 2 or more is the second of a double click, not a click outside: stopped here, in the
 * capture phase on the document, before React's listeners (on the root and on each portal's container) see it. A
 * single click outside still closes a dialog. Installed by the modules that open dialogs; once per page.
 */
let installed = false;

export function keepDialogsOpenOnDoubleClick() {
  if (installed) return;
  installed = true;
  document.addEventListener(
    'click',
    (event) => {
      if (event.detail > 1 && event.target instanceof Element && event.target.matches('.mantine-Modal-overlay')) {
        event.stopPropagation();
      }
    },
    true,
  );
}
