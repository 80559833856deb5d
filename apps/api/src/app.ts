import path from 'node:path';
import { API_BASE, PRODUCT_NAME } from '@ateliermarkt/contract';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createMailer } from './lib/mailer.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { imagesRoutes, registerImageFiles } from './modules/images/images.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { paymentsRoutes } from './modules/reservations/payments.routes.ts';
import { reservationsRoutes } from './modules/reservations/reservations.routes.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { shopProductsRoutes } from './modules/shop/shop-products.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { createTokenSigner, registerAuth } from './plugins/auth.ts';
import { frameworkErrors, registerErrorHandler, registerNotFound } from './plugins/error-handler.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { seed } from './seed/seed.ts';

export type BuildOptions = {
  config: Config;
  /** An already opened database (tests); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
};

const REDACT = [
  'req.headers.authorization',
  'req.body.password',
  'req.body.newPassword',
  'req.body.currentPassword',
  'req.body.refreshToken',
  '*.passwordHash',
];

/** Builds the whole server: API under /api, OpenAPI at /api/docs, and the built web app at /. */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config } = options;
  const app = Fastify({
    logger: { level: options.logger === false ? 'silent' : config.logLevel, redact: REDACT },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart for uploads); any other body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  registerNulGuard(app);
  const log = app.log;

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pgdata'),
      onIdleError: (err) => log.warn({ err }, 'database connection lost; the next query connects again'),
    }));
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log }),
    signer: createTokenSigner(config.jwtSecret, config.accessTokenMinutes),
    log,
  };
  await seed(ctx.db, config, log);
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '0.1.0', description: 'De API van de Ateliermarkt back-office.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs`, staticCSP: true });

  registerAuth(app, ctx.signer);
  await app.register(
    async (api) => {
      systemRoutes(api, ctx);
      authRoutes(api, ctx);
      contentRoutes(api, ctx);
      shopRoutes(api, ctx);
      shopProductsRoutes(api, ctx);
      productsRoutes(api, ctx);
      categoriesRoutes(api, ctx);
      workspacesRoutes(api, ctx);
      usersRoutes(api, ctx);
      imagesRoutes(api, ctx);
      exportsRoutes(api, ctx);
      reservationsRoutes(api, ctx);
    },
    { prefix: API_BASE },
  );
  await registerImageFiles(app, ctx);
  await paymentsRoutes(app, ctx);

  if (config.webDistDir) {
    const dist = config.webDistDir;
    await app.register(fastifyStatic, {
      root: dist,
      // Looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(path.join(dist, 'assets'));
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerNotFound(app, { apiBase: API_BASE, spa: Boolean(config.webDistDir) });
  return { app, ctx };
}
