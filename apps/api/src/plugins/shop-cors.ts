/**
 * Cross-origin access for storefronts on their own address (docs/storefront.md): the origins of
 * SHOP_ORIGINS may call the shop's public API (`/api/shop/*`) from a browser; every other path of the back-office
 * stays same-origin (no CORS headers at all). No credentials: the shop API needs no cookie or token.
 */
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@ateliermarkt/contract';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './logging.ts';

/** The answer headers a storefront's script may read. */
export const SHOP_EXPOSED_HEADERS = [
  'ETag',
  'Retry-After',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  REQUEST_ID_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
] as const;

/** The request headers a storefront may send (beyond the CORS-safelisted ones). */
export const SHOP_ALLOWED_HEADERS = [
  'content-type',
  IDEMPOTENCY_KEY_HEADER,
  'if-none-match',
  'accept-language',
] as const;

export const isShopApiUrl = (url: string, apiBase: string) => url.startsWith(`${apiBase}/shop/`);

export async function registerShopCors(app: FastifyInstance, options: { origins: string[]; apiBase: string }) {
  if (options.origins.length === 0) return;
  const shop = {
    origin: options.origins,
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: [...SHOP_ALLOWED_HEADERS],
    exposedHeaders: [...SHOP_EXPOSED_HEADERS],
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  };
  await app.register(cors, {
    delegator: (req, callback) => callback(null, isShopApiUrl(req.url, options.apiBase) ? shop : { origin: false }),
  });
}
