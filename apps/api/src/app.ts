import { createHash } from 'node:crypto';
import path from 'node:path';
import { API_BASE, WEB_INLINE_SCRIPTS } from '@ateliermarkt/contract';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { registerIdempotencyCleanup } from './lib/idempotency.ts';
import { createJobs, LEASE_MS, registerJobCleanup } from './lib/jobs.ts';
import { createMailer } from './lib/mailer.ts';
import { registerMailJob } from './lib/outbox.ts';
import { createPaymentProvider } from './lib/payments/index.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import { resolveSecret } from './lib/secrets.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { registerAccountJobs } from './modules/auth/account.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createSessionGate, touchSession } from './modules/auth/sessions.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createEventHub, registerEventsCleanup } from './modules/events/events.hub.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { imagesRoutes, registerImageFiles } from './modules/images/images.routes.ts';
import { importLegacyImageFiles } from './modules/images/legacy-image-files.ts';
import { registerInvoiceJobs } from './modules/invoices/index.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { productSheetRoutes } from './modules/products/product-sheet.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { reservationHistoryRoutes } from './modules/reservations/history/reservation-history.routes.ts';
import {
  registerDeadlineJobs,
  registerProviderPaymentJobs,
  registerReservationMails,
  registerRoutingJobs,
} from './modules/reservations/index.ts';
import {
  invalidPaymentLink,
  isPaymentPageUrl,
  paymentsRoutes,
} from './modules/reservations/payments/payments.routes.ts';
import { reservationsRoutes } from './modules/reservations/reservations.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { customerRoutes } from './modules/shop/customer.routes.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { shopOrdersRoutes } from './modules/shop/shop-orders.routes.ts';
import { shopProductsRoutes } from './modules/shop/shop-products.routes.ts';
import { statementsRoutes } from './modules/statements/statements.routes.ts';
import { outboxRoutes } from './modules/system/outbox.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { workshopsRoutes } from './modules/workshops/workshops.routes.ts';
import { registerAuditTrail } from './plugins/audit-trail.ts';
import { createTokenSigner, registerAuth } from './plugins/auth.ts';
import { registerDiskGuard } from './plugins/disk-guard.ts';
import { refuseRoutesOutsideTable } from './plugins/endpoint-routes.ts';
import { frameworkErrors, registerErrorHandler, registerNotFound } from './plugins/error-handler.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { loggingOptions, REQUEST_ID_HEADER } from './plugins/logging.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerApiCacheControl, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerShopCors } from './plugins/shop-cors.ts';
import { seed } from './seed/seed.ts';

export type BuildOptions = {
  config: Config;
  /** An already opened database (tests); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them back). */
  logStream?: { write: (line: string) => void };
  /** The clock of the date-bound rules (lib/clock.ts); the system clock unless a test sets one. */
  now?: Clock;
  /** The clock of session lifetimes and second-factor codes; the system clock unless a test of those sets one. */
  sessionClock?: Clock;
};

/** Builds the whole server: API under /api, OpenAPI at /api/docs, and the built web app at /. */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config: configured } = options;
  const app = Fastify({
    ...loggingOptions(configured, {
      enabled: options.logger !== false,
      ...(options.logStream ? { stream: options.logStream } : {}),
    }),
    // Node's own limits (docs/deployment.md): the whole request, its headers, an idle keep-alive connection. Node
    // checks the first two every connectionsCheckingInterval (30 s by default: far too coarse for a 20 s limit).
    http: {
      requestTimeout: configured.requestTimeoutMs,
      headersTimeout: configured.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, configured.headersTimeoutMs),
    },
    requestTimeout: configured.requestTimeoutMs,
    keepAliveTimeout: configured.keepAliveTimeoutMs,
    bodyLimit: 1024 * 1024,
    // Behind a proxy (docs/decisions/0008) the client's address comes from X-Forwarded-For, for rate limits and logs.
    trustProxy: configured.trustProxy,
    // A payment link the router cannot read (broken percent-encoding, too long) is still a person's link.
    frameworkErrors: (error, request, reply) =>
      isPaymentPageUrl(request.url) ? invalidPaymentLink(reply) : frameworkErrors(error, request, reply),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart for uploads); any other body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  registerJsonBody(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerErrorHandler(app);
  registerNulGuard(app);
  const log = app.log;

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: configured.databaseUrl,
      pgliteDir: path.join(configured.dataDir, 'pgdata'),
      onIdleError: (error) => log.warn({ err: error }, 'database: idle connection lost'),
      connectTimeoutMs: configured.databaseConnectTimeoutMs,
      statementTimeoutMs: configured.databaseStatementTimeoutMs,
    }));
  // One instance at a time: secrets generated by the first are read by the others, and demo data is seeded once.
  const config = await database.withStartupLock(async () => {
    const resolved = {
      ...configured,
      jwtSecret: await resolveSecret(configured.jwtSecret, 'jwt-secret', database, configured.dataDir),
      paymentWebhookSecret: await resolveSecret(
        configured.paymentWebhookSecret,
        'payment-webhook-secret',
        database,
        configured.dataDir,
      ),
    };
    await seed(database.db, resolved, log);
    await importLegacyImageFiles(database.db, resolved.dataDir, log);
    return resolved;
  });
  const sessionClock = options.sessionClock ?? systemClock;
  const ctx: AppContext = {
    sessionClock,
    config,
    db: database.db,
    database,
    mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log, timeoutMs: config.smtpTimeoutMs }),
    signer: createTokenSigner(config.jwtSecret, config.accessTokenMinutes),
    sessions: createSessionGate(database, {
      clock: sessionClock,
      idleMs: config.sessionIdleMs,
      touch: touchSession(database.db),
    }),
    log,
    jobs: createJobs(database.db, log, { leaseMs: Math.max(LEASE_MS, config.smtpTimeoutMs + 60_000) }),
    payments: createPaymentProvider(config),
    now: options.now ?? systemClock,
  };
  registerMailJob(ctx.jobs, ctx.mailer);
  registerJobCleanup(ctx.jobs, database.db, config.schedulerIntervalMs);
  registerAccountJobs(ctx);
  registerDeadlineJobs(ctx);
  registerProviderPaymentJobs(ctx);
  registerRoutingJobs(ctx);
  registerInvoiceJobs(ctx);
  registerReservationMails(ctx);
  // Live events (docs/decisions/0028): one LISTEN per instance, its open streams ended before the server closes.
  const events = createEventHub(database, database.db, log);
  registerEventsCleanup(ctx.jobs, database.db, config.schedulerIntervalMs);
  registerIdempotencyCleanup(ctx);
  // The runner starts with the server and stops before the database closes (no timer outlives the app).
  app.addHook('onReady', async () => {
    await events.start();
    await ctx.jobs.start();
  });
  app.addHook('preClose', async () => events.closeAll());
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await events.stop();
    if (!options.database) await database.close();
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The web app's two inline scripts (index.html's session check before the prerendered log-in screen paints,
        // docs/decisions/0060, and an admin's welcome in the first paint, 0081), allowed by their hashes: no other
        // inline script runs.
        scriptSrc: [
          "'self'",
          ...WEB_INLINE_SCRIPTS.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`),
        ],
        // Mantine writes its CSS variables into a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // No <base> at all: an injected one could redirect every relative URL.
        baseUri: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (database.kind === 'pglite' && config.minFreeDiskMb > 0) {
    registerDiskGuard(app, { dir: config.dataDir, minFreeBytes: config.minFreeDiskMb * 1024 * 1024 });
  }
  registerApiCacheControl(app, API_BASE);
  // Storefronts on their own address call the shop API from the browser; nothing else is cross-origin.
  await registerShopCors(app, { origins: config.shopOrigins, apiBase: API_BASE });
  // Answers above 1 KB (JSON lists, the docs, the payment page) compressed on the fly, brotli first; registered before
  // every route, as it hooks each route when it is added. The web app's files come pre-compressed from the build
  // (@fastify/static's preCompressed, below): an answer that already has a Content-Encoding is left alone. Images,
  // PDFs and spreadsheets are not of a compressible type and stream as they are. Request bodies are not inflated.
  await app.register(compress, {
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
  });
  // Counted in the database, so a limit holds across instances (docs/decisions/0008).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  await registerOpenApi(app, API_BASE);

  registerAuth(app, ctx.signer, ctx.sessions);
  registerIdempotency(app, ctx);
  registerAuditTrail(app, ctx.db);
  refuseRoutesOutsideTable(app);
  await app.register(
    async (api) => {
      systemRoutes(api, ctx);
      outboxRoutes(api, ctx);
      settingsRoutes(api, ctx);
      authRoutes(api, ctx);
      contentRoutes(api, ctx);
      shopRoutes(api, ctx);
      shopProductsRoutes(api, ctx);
      productSheetRoutes(api, ctx);
      productsRoutes(api, ctx);
      categoriesRoutes(api, ctx);
      workshopsRoutes(api, ctx);
      usersRoutes(api, ctx);
      imagesRoutes(api, ctx);
      exportsRoutes(api, ctx);
      auditLogRoutes(api, ctx);
      reservationsRoutes(api, ctx);
      dashboardRoutes(api, ctx);
      statementsRoutes(api, ctx);
      invoicesRoutes(api, ctx);
      payoutsRoutes(api, ctx);
      reservationHistoryRoutes(api, ctx);
      eventsRoutes(api, ctx, events);
    },
    { prefix: API_BASE },
  );
  registerImageFiles(app, ctx);
  shopOrdersRoutes(app, ctx);
  await paymentsRoutes(app, ctx);
  await customerRoutes(app, ctx);

  if (config.webDistDir) {
    const dist = config.webDistDir;
    await app.register(fastifyStatic, {
      root: dist,
      // Looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      // The build writes a .br and a .gz beside every text file (apps/web/scripts/precompress.ts); the one the
      // browser accepts is sent with its Content-Encoding, the plain file otherwise.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(path.join(dist, 'assets'));
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerNotFound(app, { apiBase: API_BASE, spa: Boolean(config.webDistDir) });
  return { app, ctx };
}
