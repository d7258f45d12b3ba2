import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import { AccessTokens, requestOrigin } from './core/auth/access-tokens.ts';
import { Bus } from './core/bus.ts';
import { Cache } from './core/cache.ts';
import type { CurrentUser } from './core/context.ts';
import { DataAccess, databaseBusy, isDatabaseBusy } from './core/data.ts';
import type { Database } from './core/db/client.ts';
import {
  AppError,
  forbidden,
  isNumericOverflow,
  logSafeError,
  requestProblem,
  unauthorized,
  type ValidationErrorItem,
} from './core/errors.ts';
import { DomainEvents } from './core/events.ts';
import { checkDefinitions, mountModules, registerDefinitions, seedTenant, startModules } from './core/kernel.ts';
import { cultureFrom, t } from './core/localization/index.ts';
import { type ModuleDefinition, resolveModules } from './core/module.ts';
import { isUniqueViolation } from './core/resource.ts';
import type { Services } from './core/services.ts';
import { productModules } from './modules.ts';
import './core/localization/platform.ts';
import { installInputGuard } from './core/input-guard.ts';
import { Jobs } from './core/jobs.ts';
import { DEFAULT_BODY_LIMIT } from './core/json-bounds.ts';
import { PermissionChecker } from './core/permissions.ts';
import { RateLimiter } from './core/rate-limit.ts';
import { secretsFor } from './core/secrets.ts';
import { securityHeaders } from './core/security-headers.ts';
import { compileSerializer } from './core/serializer.ts';
import { requestedTenant, TenantStore, tenantNotAvailable } from './core/tenancy.ts';
import { recordAudit } from './modules/auditing/index.ts';
import { tenantTimeZone } from './modules/settings/index.ts';

export type App = FastifyInstance & { withTypeProvider(): FastifyInstance };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the HTTP application on an opened database. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  options: {
    logStream?: DestinationStream;
    /** The modules to run (with their dependencies); the whole product by default. */
    modules?: readonly ModuleDefinition[];
  } = {},
): Promise<FastifyInstance> {
  const listed = options.modules ?? productModules;
  const modules = resolveModules(listed);
  // registered in the order listed (the order of groups on screen), then dependencies not listed
  registerDefinitions([...new Set([...listed, ...modules])]);
  checkDefinitions(modules);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.client_secret'],
      // errors keep their statement, never its values (personal data)
      serializers: { err: logSafeError },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    ajv: { customOptions: { coerceTypes: true } },
    // a route that takes more declares its own `bodyLimit` (imports of JSON, the rate table)
    bodyLimit: DEFAULT_BODY_LIMIT,
    // a URL the router cannot take (bad percent-encoding, over-long value) gets the envelope too
    frameworkErrors: (error, req, reply) => sendError(error, req, reply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(bodyOptionalValidatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);

  const bus = new Bus();
  if (config.redisUrl) await bus.connect(config.redisUrl);
  const data = new DataAccess(database, config.dataLimits);
  // only a database with secret columns needs the key here (tests open bare ones)
  if (database.secretTables.length) await data.sealSecretsWith(await secretsFor(config));
  const cache = new Cache(bus);
  const rateLimiter = new RateLimiter();
  if (config.redisUrl) await rateLimiter.connect(config.redisUrl);
  const services: Services = {
    config,
    data,
    bus,
    cache,
    pages: new Cache(bus, config.pageCacheSeconds * 1000, 2_000),
    accessTokens: new AccessTokens(),
    permissions: new PermissionChecker(data, cache),
    tenants: new TenantStore(cache),
    rateLimiter,
    jobs: await Jobs.start(database, { worker: config.jobsWorker, cron: config.jobsCron, log: app.log }),
    events: new DomainEvents(data, bus, app.log),
    routes: [],
    modules,
    timeZone: (ctx) => tenantTimeZone(services, ctx),
    seedTenant: (tenant, seedOptions) => seedTenant(services, modules, tenant, seedOptions),
  };
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await Promise.all([bus.close(), rateLimiter.close(), services.jobs.stop()]);
  });

  await securityHeaders(app);
  await app.register(formbody);
  // The web app is served from the same origin (and proxied by its dev server), so
  // cross-origin calls are allowed only for the origins configured, and then without cookies
  // (the API authenticates with bearer tokens).
  if (config.corsOrigins.length) {
    await app.register(cors, {
      origin: config.corsOrigins,
      exposedHeaders: ['_AbpErrorFormat', 'Abp-Tenant-Resolve-Error'],
    });
  }
  await app.register(swagger, {
    openapi: {
      info: { title: 'Seller admin API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/swagger' });

  // Every API route must say who may call it; a route that forgets fails at start-up.
  const auditWrite = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!WRITE_METHODS.has(req.method)) return;
    recordAudit(services, req, reply.statusCode).catch((err) => req.log.error({ err }, 'audit log write failed'));
  };
  app.addHook('onRoute', (route) => {
    const url = route.url;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        services.routes.push({
          method,
          url,
          schema: route.schema as never,
          config: route.config as never,
          bodyLimit: route.bodyLimit ?? DEFAULT_BODY_LIMIT,
        });
    }
    const isApi = url.startsWith('/api/') || url.startsWith('/connect/');
    const c = route.config as
      | { anonymous?: boolean; authenticated?: boolean; permission?: unknown; noAudit?: boolean }
      | undefined;
    if (isApi && !c?.anonymous && !c?.authenticated && !c?.permission) {
      throw new Error(`Route ${route.method} ${url} declares no access rule (anonymous, authenticated or permission)`);
    }
    // Every write to the API is audited, whatever its outcome; reads carry no audit hook at all.
    const writes = [route.method].flat().some((m) => WRITE_METHODS.has(m));
    if (url.startsWith('/api/') && writes && !c?.noAudit) {
      route.onResponse = [...[route.onResponse ?? []].flat(), auditWrite];
    }
  });

  app.addHook('onRequest', (req, _reply, done) => {
    req.startedAt = performance.now();
    req.ctx = {
      tenant: null,
      user: null,
      clientId: null,
      culture: cultureFrom(req.headers['accept-language']),
      correlationId: (req.headers['x-correlation-id'] as string | undefined) ?? req.id,
      clientIp: req.ip,
      browserInfo: req.headers['user-agent']?.slice(0, 512) ?? null,
      entityChanges: [],
    };
    done();
  });
  // Text PostgreSQL cannot store is a 400 here, before tenant resolution and every handler.
  installInputGuard(app);
  app.addHook('onRequest', async (req) => {
    await authenticate(req, services);
    await resolveTenant(req, services);
    await authorize(req, services);
  });

  app.setErrorHandler((error, req, reply) => sendError(error, req, reply));

  await startModules(services, modules);
  await mountModules(app, services, modules);

  // The built web app, with client-side routes falling back to index.html.
  const indexHtml = join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false, preCompressed: true });
  }
  const indexPage = hasWeb ? readFileSync(indexHtml, 'utf8') : null;
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isApi = /^\/(api|connect|\.well-known|signalr-hubs|swagger)(\/|$)/.test(path);
    if (!isApi && req.method === 'GET' && indexPage) {
      if (/\.[a-z0-9]+$/i.test(path ?? ''))
        return sendError(new AppError({ status: 404, messageKey: 'EntityNotFoundShort' }), req, reply);
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexPage);
    }
    return sendError(new AppError({ status: 404, messageKey: 'EntityNotFoundShort' }), req, reply);
  });

  return app;
}

async function authenticate(req: FastifyRequest, services: Services) {
  const header = req.headers.authorization;
  // The token and revocation endpoints authenticate the client themselves: an expired
  // bearer must not stop a sign-out.
  if (!header?.startsWith('Bearer ') || /^\/connect\/(token|revocat)/.test(req.url)) return;
  let claims: Record<string, unknown>;
  try {
    // signature, expiry, issuer, audience, session and revocation: one check for every entry point
    claims = await services.accessTokens.verify(header.slice(7).trim(), requestOrigin(req));
  } catch {
    throw unauthorized();
  }
  req.ctx.clientId = (claims.client_id as string | undefined) ?? null;
  const tenantId = (claims.tenantid as string | undefined) || null;
  if (tenantId) {
    const tenant = await services.tenants.find(tenantId);
    if (!tenant?.isActive) throw unauthorized();
    req.ctx.tenant = tenant;
  }
  if (typeof claims.sub === 'string') req.ctx.user = userFromClaims(claims, tenantId);
}

function userFromClaims(c: Record<string, unknown>, tenantId: string | null): CurrentUser {
  const s = (k: string) => (typeof c[k] === 'string' ? (c[k] as string) : null);
  const role = c.role;
  return {
    id: c.sub as string,
    tenantId,
    userName: s('preferred_username') ?? '',
    name: s('given_name'),
    surName: s('family_name'),
    email: s('email'),
    emailVerified: c.email_verified === true,
    phoneNumber: s('phone_number'),
    phoneNumberVerified: c.phone_number_verified === true,
    roles: Array.isArray(role) ? (role as string[]) : typeof role === 'string' ? [role] : [],
    sessionId: s('session_id'),
    impersonatorUserId: s('impersonator_userid'),
    impersonatorTenantId: s('impersonator_tenantid'),
    impersonatorUserName: s('impersonator_username'),
    impersonatorTenantName: s('impersonator_tenantname'),
  };
}

/**
 * A signed-in user's tenant is the one in the token, whatever the request names (so a
 * tenant's token can never reach another tenant's data). Otherwise `__tenant` or the
 * host name picks it; an unknown or inactive tenant is a 404.
 */
async function resolveTenant(req: FastifyRequest, services: Services) {
  if (req.ctx.user || req.ctx.clientId) return;
  const name = requestedTenant(req, services.config.publicHost);
  if (!name) return;
  const tenant = await services.tenants.find(name);
  if (!tenant?.isActive) throw tenantNotAvailable(name);
  req.ctx.tenant = tenant;
}

async function authorize(req: FastifyRequest, services: Services) {
  const access = req.routeOptions.config;
  if (!access || access.anonymous) return;
  if (!access.authenticated && !access.permission) return; // non-API routes (static files)
  if (!req.ctx.user && !req.ctx.clientId) throw unauthorized();
  if (access.side === 'host' && req.ctx.tenant) throw forbidden('HostOnly');
  if (access.side === 'tenant' && !req.ctx.tenant) throw forbidden('TenantOnly');
  if (access.permission) {
    const needed = Array.isArray(access.permission) ? access.permission : [access.permission];
    const held = await services.permissions.granted(req.ctx);
    if (!needed.some((p) => held.has(p))) throw forbidden();
    if (access.alsoNeeds?.some((p) => !held.has(p))) throw forbidden();
  }
}

/** Maps any error to the ABP envelope, localized; never leaks a stack trace. */
function sendError(error: unknown, req: FastifyRequest, reply: FastifyReply) {
  const culture = req.ctx?.culture ?? cultureFrom(req.headers['accept-language']);
  let status = 500;
  let code: string | null = null;
  let message: string;
  let details: string | null = null;
  let data: Record<string, unknown> | null = null;
  let validationErrors: ValidationErrorItem[] | null = null;

  // a statement, lock or idle-transaction bound of the database: 503, never a 500 or a hang
  if (isDatabaseBusy(error)) error = databaseBusy();
  if (error instanceof AppError) {
    status = error.status;
    code = error.code;
    message = t(culture, error.messageKey, error.params);
    details = error.details;
    data = error.data;
    if (error.validationErrors) {
      validationErrors = error.validationErrors.map((v) => ({
        // placeholders are the values the service gave ({0} the first); the member is never one of them
        message: t(culture, v.message, v.params),
        members: v.members,
      }));
    }
    if (error.headers) reply.headers(error.headers);
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400;
    validationErrors = error.validation.map((v) => {
      const member = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? '');
      return { message: zodMessage(culture, member, v.keyword, v.message ?? '', v.params), members: [member] };
    });
  } else if (isUniqueViolation(error)) {
    // a unique index refused a value a concurrent writer took after the service's own check: a
    // conflict, for every write in every module, never a 500 (the kit maps its own to a field error)
    status = 409;
    code = 'ValueTaken';
    message = t(culture, 'ValueTaken');
  } else if (isNumericOverflow(error)) {
    // a bound missed somewhere: the input is refused, never a 500 (logged to find the bound)
    req.log.warn({ err: error }, 'numeric value out of range');
    validationErrors = [{ message: t(culture, 'Number:OutOfRange'), members: ['body'] }];
  } else if (isHttpError(error) && error.statusCode < 500) {
    status = error.statusCode;
    if (status === 429) message = t(culture, 'TooManyRequests');
    else if (status === 400 || status === 413 || status === 414 || status === 415) {
      const known = requestProblem(error);
      validationErrors = [
        known ? { message: t(culture, known.key), members: [known.member] } : { message: error.message, members: [] },
      ];
    }
  } else {
    req.log.error({ err: error }, 'unhandled error');
  }

  if (validationErrors) {
    // too large (in bytes or in values) stays a 413; every other refused input is a 400
    if (status !== 413) status = 400;
    message = t(culture, 'ValidationError');
    details = `${t(culture, 'ValidationNarrativeTitle')}\n${validationErrors.map((v) => ` - ${v.message}`).join('\n')}`;
  }
  message ??= t(culture, status === 404 ? 'EntityNotFoundShort' : status === 401 ? 'Unauthorized' : 'InternalError');
  if (status === 403 && !(error instanceof AppError)) message = t(culture, 'Forbidden');

  return reply
    .status(status)
    .header('_AbpErrorFormat', 'true')
    .send({ error: { code, message, details, data, validationErrors } });
}

function isHttpError(e: unknown): e is { statusCode: number; message: string } {
  return typeof e === 'object' && e !== null && typeof (e as { statusCode?: unknown }).statusCode === 'number';
}

/**
 * Zod issue → localized field message. A custom message that is a text key wins. The texts
 * never name the member (it is in `members`, where the form shows the message beside the
 * input); they carry only values: the bounds.
 */
function zodMessage(
  culture: ReturnType<typeof cultureFrom>,
  member: string,
  keyword: string,
  raw: string,
  params: Record<string, unknown>,
): string {
  // a text key gets its values only, a broken limit as {0} (the web forms fill it the same way)
  // (or a custom check's own limit: the places a currency takes)
  const bound =
    keyword === 'too_big'
      ? params.maximum
      : keyword === 'too_small'
        ? params.minimum
        : (params.params as { limit?: unknown } | undefined)?.limit;
  if (t(culture, raw) !== raw) return t(culture, raw, bound === undefined ? [] : [bound]);
  if (keyword === 'invalid_type' && (params.input === undefined || params.input === null)) {
    return t(culture, member === 'body' ? 'Request:BodyRequired' : 'Value:Required');
  }
  if (keyword === 'too_small' && params.origin === 'string') {
    return Number(params.minimum) === 1
      ? t(culture, 'Value:Required')
      : t(culture, 'Value:MinLength', [params.minimum]);
  }
  if (keyword === 'too_big' && params.origin === 'string') return t(culture, 'Value:MaxLength', [params.maximum]);
  if (keyword === 'too_small' && params.origin === 'array') return t(culture, 'Value:MinItems', [params.minimum]);
  if (keyword === 'too_big' && params.origin === 'array') return t(culture, 'Value:MaxItems', [params.maximum]);
  if (
    (keyword === 'too_small' || keyword === 'too_big') &&
    (params.minimum !== undefined || params.maximum !== undefined)
  ) {
    return t(culture, 'Value:Range', [params.minimum ?? '-∞', params.maximum ?? '∞']);
  }
  if (keyword === 'invalid_format' && params.format === 'email') return t(culture, 'Value:Email');
  return t(culture, 'Value:Invalid');
}

/**
 * The Zod validator, except that a route whose body has only optional members takes a request
 * without a body (no body, or an empty one sent as JSON) as the empty object: an action such as
 * "set as claimed" needs nothing from its caller, so nothing is what it is sent.
 */
function bodyOptionalValidatorCompiler(route: Parameters<typeof validatorCompiler>[0]) {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body' || !acceptsEmptyObject(route.schema as z.ZodType)) return validate;
  return (data: unknown) => validate(data === null || data === undefined ? {} : data);
}

function acceptsEmptyObject(schema: z.ZodType): boolean {
  try {
    return schema.safeParse({}).success;
  } catch {
    return false; // an asynchronous refinement: such a body is not one of optional members only
  }
}

/**
 * Response serialization from the route's Zod schema, compiled once per route (see
 * platform/serializer.ts; no per-response Zod parse). Falls back to the Zod serializer for a
 * schema JSON Schema cannot express.
 */
function fastSerializerCompiler(route: Parameters<typeof serializerCompiler>[0]) {
  try {
    return compileSerializer(z.toJSONSchema(route.schema as z.ZodType, { io: 'output', unrepresentable: 'any' }));
  } catch {
    return serializerCompiler(route);
  }
}
