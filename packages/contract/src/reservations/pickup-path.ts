// The pick-up slip's web address, in a module without zod: the web app's route table reads it on every screen
// (docs/decisions/0098).

/** The web route the QR code opens; the API's PUBLIC_URL goes in front of it on the slip. */
export const PICKUP_WEB_PATH = '/ophalen';
export function pickupWebPath(token: string): string {
  return `${PICKUP_WEB_PATH}/${encodeURIComponent(token)}`;
}
