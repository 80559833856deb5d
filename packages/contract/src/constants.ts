/** Business constants (prices, fees, limits and the product decisions), shared by server and web app. */

export const PRODUCT_NAME = 'Ateliermarkt';
export const DEFAULT_PAGE_TITLE = `Welkom bij ${PRODUCT_NAME}`;
export const LOCALE = 'nl-NL';
export const TIME_ZONE = 'Europe/Amsterdam';

export const API_BASE = '/api';
/** Header that selects the tenant at log-in; absent means the host (super admin). */
export const WORKSHOP_HEADER = '__tenant';

export const ROLE_ADMIN = 'admin';
export const ROLE_USER = 'user';
export const ROLE_NAMES = [ROLE_ADMIN, ROLE_USER] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** The web app compares the stored expiry with the clock this often. */
export const SESSION_CHECK_INTERVAL_MS = 5_000;
/** Local-storage keys of the session. */
export const STORAGE_KEYS = {
  token: 'ateliermarkt.token',
  expiry: 'ateliermarkt.tokenExpiry',
  refreshToken: 'ateliermarkt.refreshToken',
  tenantId: 'ateliermarkt.tenantId',
  /** An admin's home's welcome texts, for index.html's first paint (web-boot.ts); removed with the session. */
  welcome: 'ateliermarkt.welcome',
} as const;

export const ACCESS_TOKEN_MINUTES_DEFAULT = 15;
export const REFRESH_TOKEN_DAYS = 14;
export const RESET_CODE_HOURS = 2;
export const SET_PASSWORD_CODE_DAYS = 7;
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_MINUTES = 5;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;
export const WORKSHOP_NAME_MIN = 4;
export const WORKSHOP_NAME_MAX = 64;

export const MAX_FEATURED_PRODUCTS = 8;
export const MAX_FEATURED_WORKSHOPS = 1;
export const MIN_PRICE = 10;
export const MAX_PRODUCT_IMAGES = 8;
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const AUTHOR_DESCRIPTION_MAX = 150;
/** Dutch VAT and the platform fee, in percent (21 and 25 unless the settings say otherwise). */
export const TAX_PERCENT = 21;
export const FEE_PERCENT = 25;
export const NEW_PAGE_POSITION = 99;
export const PRODUCT_LIST_SIZE = 999;
export const DEFAULT_DELIVERY_QUANTITY = 1;

export const PROVINCES = [
  'Drenthe',
  'Flevoland',
  'Friesland',
  'Gelderland',
  'Groningen',
  'Limburg',
  'Noord-Brabant',
  'Noord-Holland',
  'Overijssel',
  'Utrecht',
  'Zeeland',
  'Zuid-Holland',
] as const;

export const WORKSHOP_LABELS = [
  { id: 0, name: 'Geen' },
  { id: 1, name: 'Homepage' },
  { id: 2, name: 'Tekst' },
  { id: 3, name: 'Fotografie' },
  { id: 4, name: 'Webshop' },
] as const;

export const MATERIALS = [
  'Keramiek / aardewerk / porselein',
  'Glas',
  'Textiel',
  'Papier-maché',
  'Metaal',
  'Hout',
  'Steen',
  'Canvas',
] as const;

export const DELIVERY_METHOD_PICKUP = 1;
export const DELIVERY_METHODS = [
  { id: 1, name: 'Ophalen in het atelier', priceCents: 0 },
  { id: 2, name: 'Brievenbuspakje', priceCents: 450 },
  { id: 3, name: 'Pakket', priceCents: 795 },
  { id: 4, name: 'Pakket verzekerd', priceCents: 1295 },
  { id: 5, name: 'Groot pakket', priceCents: 1995 },
] as const;

/** The two FAQs (one id for the back-office FAQ, one for the shop FAQ); fixed ids, created by migration. */
export const FAQ_IDS = {
  backOffice: '00000000-0000-4000-8000-0000000fa001',
  shop: '00000000-0000-4000-8000-0000000fa002',
} as const;

/** Bulk work: at most this many products per bulk call, and reservations per labels PDF. */
export const BULK_MAX_IDS = 100;
export const LABELS_MAX_RESERVATIONS = 50;

/** Ordering from a storefront (docs/storefront.md): the IETF httpapi Idempotency-Key header. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** On an answer repeated for the same Idempotency-Key: `true`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key's first answer is kept and repeated. */
export const IDEMPOTENCY_KEY_HOURS = 24;
