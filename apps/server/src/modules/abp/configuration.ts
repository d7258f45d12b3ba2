import { createHash } from 'node:crypto';
import { CONFIG_PREFIX, configurationPrefix } from '../../core/configuration-cache.ts';
import type { RequestContext } from '../../core/context.ts';
import { allResources } from '../../core/localization/index.ts';
import type { Services } from '../../core/services.ts';
import { getFeatures } from '../features/index.ts';
import { getSettingValues } from '../settings/index.ts';
import { currentCultures, languageFilesMap, languages, languagesMap, windowsTimeZone } from './cultures.ts';

type Ctx = Pick<RequestContext, 'tenant' | 'user' | 'clientId' | 'culture'>;

/** The resource bare keys resolve against on the client. */
export const DEFAULT_RESOURCE = 'Platform';

/**
 * Bumped on every configuration invalidation seen by this process: a configuration built
 * while an invalidation went by is served but not cached (it may be stale).
 */
const generations = new WeakMap<object, { n: number }>();
function generation(services: Pick<Services, 'bus'>) {
  let g = generations.get(services.bus);
  if (!g) {
    const counter = { n: 0 };
    g = counter;
    generations.set(services.bus, counter);
    services.bus.subscribe<string>('cache-invalidate', (prefix) => {
      if (typeof prefix === 'string' && prefix.startsWith(CONFIG_PREFIX)) counter.n++;
    });
  }
  return g;
}

/** Registers the generation counter early (before the first request). */
export const watchConfiguration = (services: Pick<Services, 'bus'>) => void generation(services);

function cacheKey(ctx: Ctx, includeLocalization: boolean): string {
  const tenantId = ctx.tenant?.id ?? null;
  let caller: string;
  if (ctx.user) {
    // the current-user part comes from the token's claims: a changed token is a new entry
    const claims = createHash('sha1').update(JSON.stringify(ctx.user)).digest('base64url').slice(0, 16);
    caller = `${configurationPrefix({ tenantId, userId: ctx.user.id })}${claims}`;
  } else {
    caller = `${configurationPrefix({ tenantId })}${ctx.clientId ? `c:${ctx.clientId}` : 'anon'}`;
  }
  return `${caller}:${ctx.culture}:${includeLocalization ? 1 : 0}`;
}

/**
 * `GET /api/abp/application-configuration` as a JSON string (wire contract §5), cached
 * per tenant, caller, culture and localization flag.
 */
export async function applicationConfigurationJson(
  services: Services,
  ctx: Ctx,
  includeLocalization: boolean,
): Promise<string> {
  const key = cacheKey(ctx, includeLocalization);
  const hit = services.cache.get<string>(key);
  if (hit !== undefined) return hit;
  const gen = generation(services);
  const before = gen.n;
  const json = JSON.stringify(await buildConfiguration(services, ctx, includeLocalization));
  if (gen.n === before) services.cache.set(key, json);
  return json;
}

export async function buildConfiguration(services: Services, ctx: Ctx, includeLocalization: boolean) {
  const [granted, settings, features] = await Promise.all([
    services.permissions.granted(ctx),
    getSettingValues(services, ctx, { onlyVisibleToClients: true }),
    getFeatures(services, ctx.tenant, { onlyVisibleToClients: true }),
  ]);
  const policies: Record<string, boolean> = {};
  for (const name of [...granted].sort()) policies[name] = true;
  const user = ctx.user;
  const timeZone = settings['Abp.Timing.TimeZone'] ?? 'Asia/Shanghai';

  return {
    localization: {
      values: includeLocalization ? allResources(ctx.culture) : {},
      resources: {},
      languages,
      currentCulture: currentCultures[ctx.culture],
      defaultResourceName: DEFAULT_RESOURCE,
      languagesMap,
      languageFilesMap,
    },
    auth: { grantedPolicies: policies, policies },
    setting: { values: settings },
    currentUser: {
      isAuthenticated: Boolean(user),
      id: user?.id ?? null,
      tenantId: user ? (user.tenantId ?? null) : null,
      impersonatorUserId: user?.impersonatorUserId ?? null,
      impersonatorTenantId: user?.impersonatorTenantId ?? null,
      impersonatorUserName: user?.impersonatorUserName ?? null,
      impersonatorTenantName: user?.impersonatorTenantName ?? null,
      userName: user?.userName ?? null,
      name: user?.name ?? null,
      surName: user?.surName ?? null,
      email: user?.email ?? null,
      emailVerified: user?.emailVerified ?? false,
      phoneNumber: user?.phoneNumber ?? null,
      phoneNumberVerified: user?.phoneNumberVerified ?? false,
      roles: user?.roles ?? [],
    },
    features: { values: features },
    globalFeatures: { enabledFeatures: [] },
    multiTenancy: { isEnabled: true },
    currentTenant: {
      id: ctx.tenant?.id ?? null,
      name: ctx.tenant?.name ?? null,
      isAvailable: Boolean(ctx.tenant?.isActive),
    },
    timing: {
      timeZone: {
        iana: { timeZoneName: timeZone },
        windows: { timeZoneId: windowsTimeZone(timeZone) },
      },
    },
    clock: { kind: 'Utc' },
    objectExtensions: { modules: {}, enums: {} },
    extraProperties: {},
  };
}

/** `GET /api/abp/application-localization` (upstream's newer call; optional in the contract). */
export function applicationLocalization(ctx: Pick<RequestContext, 'culture'>, onlyDynamics: boolean) {
  const resources: Record<string, { texts: Record<string, string>; baseResources: string[] }> = {};
  if (!onlyDynamics) {
    for (const [name, texts] of Object.entries(allResources(ctx.culture)))
      resources[name] = { texts, baseResources: [] };
  }
  return { resources, currentCulture: currentCultures[ctx.culture] };
}
