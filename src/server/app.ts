import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, openDatabase, pgliteDirFor } from './db/client.js';
import { withTenant } from './db/tenant-scope.js';
import { type ReminderJob, startReminderJob } from './jobs/reminder-job.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { accountingRoutes } from './modules/accounting/accounting.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { aiRoutes } from './modules/ai/ai.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { googleRoutes } from './modules/auth/google.routes.js';
import { passwordChangeRoutes } from './modules/auth/password-change.routes.js';
import { twoFactorGatePlugin } from './modules/auth/two-factor.gate.js';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.js';
import { baselinesRoutes } from './modules/baselines/baselines.routes.js';
import { budgetRoutes } from './modules/budget/budget.routes.js';
import { calendarFeedsRoutes } from './modules/calendar-feeds/calendar-feeds.routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { delaysRoutes } from './modules/delays/delays.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ingestionRoutes } from './modules/ingestion/ingestion.routes.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { insightsService } from './modules/insights/insights.service.js';
import { createInsightsRefresh } from './modules/insights/insights-refresh.js';
import { lookaheadRoutes } from './modules/lookahead/lookahead.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { scheduleRoutes } from './modules/schedule/schedule.routes.js';
import { sessionsRoutes } from './modules/sessions/sessions.routes.js';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { teamRoutes } from './modules/team/team.routes.js';
import { updatesRoutes } from './modules/updates/updates.routes.js';
import { type Access, authContextPlugin } from './plugins/auth-context.js';
import { compressionPlugin } from './plugins/compression.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { sessionsPlugin } from './plugins/sessions.js';
import { webPlugin } from './plugins/web.js';
import { createMailer } from './providers/mail/mailer.js';
import { validatorCompiler } from './validation.js';

/** A registered route, its schema and access level, kept so tests can walk the whole route table. */
export interface RouteInfo {
  method: string;
  url: string;
  schema: { body?: unknown; response?: Record<string, unknown> } | undefined;
  /** The access level the route declares (undefined when it declares none: then it is tenant-only). */
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
    /** The reminder job of this server, when REMINDERS_ENABLED turns it on. */
    reminderJob: ReminderJob | null;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise opened from the config and closed with the app. */
  database?: Database;
  now?: () => Date;
  /** Pino options, or false for no logging. */
  logger?: boolean | Record<string, unknown>;
}

/** Every route module; each registers its own paths, schemas and access levels. */
const modules = [
  healthRoutes,
  authRoutes,
  googleRoutes,
  twoFactorRoutes,
  companiesRoutes,
  projectsRoutes,
  baselinesRoutes,
  scheduleRoutes,
  lookaheadRoutes,
  delaysRoutes,
  budgetRoutes,
  accountingRoutes,
  tasksRoutes,
  calendarFeedsRoutes,
  updatesRoutes,
  contactsRoutes,
  documentsRoutes,
  ingestionRoutes,
  aiRoutes,
  insightsRoutes,
  adminRoutes,
  subscriptionRoutes,
  accountRoutes,
  passwordChangeRoutes,
  sessionsRoutes,
  feedbackRoutes,
  teamRoutes,
];

/**
 * A JSON request with an empty body (`fetch(url, {method: 'POST', headers: {'content-type':
 * 'application/json'}})`) is a call without a body, as if no content type had been sent: the route's
 * schema decides whether it needs one. Anything else goes to Fastify's own (safe) JSON parser.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') done(null, undefined);
    // Fastify's parser answers through `done`; its declared return value is never a promise here.
    else void parseJson(request, text, done);
  });
}

/**
 * Migrates as the tables' owner: MIGRATION_DATABASE_URL when given (the app's own login, from
 * DATABASE_URL, is then granted the app's roles), else the app's own connection.
 */
async function migrateDatabase(config: Config, database: Database): Promise<void> {
  if (!config.migrationDatabaseUrl) return database.migrate();
  const owner = await openDatabase({ url: config.migrationDatabaseUrl });
  try {
    const appLogin = decodeURIComponent(new URL(config.databaseUrl ?? '').username) || undefined;
    await owner.migrate({ appLogin });
  } finally {
    await owner.close();
  }
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Opening and migrating the database can be slow on a loaded machine; don't give up after 10 s.
    pluginTimeout: 60_000,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        schema: route.schema as RouteInfo['schema'],
        // Read when asked: a scope's own onRoute hook may still declare it after this one ran.
        get access() {
          return route.config?.access;
        },
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  acceptEmptyJsonBodies(app);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: pgliteDirFor(config.dataDir),
      pgliteSharedBuffers: config.pgliteSharedBuffers,
      rls: config.databaseRls,
    }));
  if (ownsDatabase) await migrateDatabase(config, database);

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    now: options.now ?? (() => new Date()),
    // Insights follow schedule changes in the background (the refresh reads `ctx` when it runs).
    insightsRefresh: createInsightsRefresh({
      db: database.db,
      log: app.log,
      refresh: (companyId) =>
        withTenant(companyId, () => insightsService(ctx).refreshInBackground(companyId)),
    }),
  };

  // Graceful shutdown: requests in flight when closing starts finish, and their connections are
  // closed after the answer instead of being kept alive (which would hold the close open).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    // No refresh may run against a closed database: the waiting ones are dropped, a running one awaited.
    await ctx.insightsRefresh.stop();
    mailer.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(securityPlugin, {
    allowStripe: config.billing.kind === 'stripe',
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'rate_limited',
      message: `Too many requests. Try again in ${context.after}.`,
    }),
  });
  await app.register(sessionsPlugin, {
    db: database.db,
    secret: config.sessionSecret,
    lifetime: config.session,
    now: ctx.now,
  });
  await app.register(authContextPlugin, { config, now: ctx.now });
  await app.register(twoFactorGatePlugin);

  for (const routes of modules) {
    await app.register(async (scope) => routes(scope, ctx));
  }
  await app.register(webPlugin, { distDir: config.webDistDir, now: ctx.now });

  // The reminder job starts once the app is ready and stops before the database closes.
  app.decorate('reminderJob', null);
  if (config.reminders.enabled) {
    app.addHook('onReady', async () => {
      app.reminderJob = startReminderJob(ctx, app.log, config.reminders.intervalMs);
    });
    app.addHook('preClose', async () => {
      await app.reminderJob?.stop();
    });
  }
  return { app, ctx };
}
