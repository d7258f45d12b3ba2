import {
  DEFAULT_SITE_SETTINGS,
  type SiteDto,
  type SiteInput,
  type SiteSettings,
  type SiteSettingsDto,
} from '@seller/contracts/sitekit';
import { asc, inArray, sql } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import { getOwned, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { ref } from '../../../core/references.ts';
import { resourceService } from '../../../core/resource.ts';
import { logisticsWarehouses } from '../../logistics/index.ts';
import { priceRules } from '../../pricing/index.ts';
import { publishableKey, secretHint } from './keys.ts';
import { type SiteRow, sites } from './schema.ts';

export const SITE_ENTITY = 'Site';

/** Names of the rows `ids` of `table` (id, name), in one query. */
async function namesOf(
  tx: Tx,
  ctx: CrudContext,
  table: typeof logisticsWarehouses | typeof priceRules,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(owned(ctx, table, inArray(table.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A site row as the back-office sees it: the publishable key whole, the secret by its hint only. */
export function siteDtoOf(
  ctx: CrudContext,
  r: SiteRow,
  names: { warehouse?: string | null; priceRule?: string | null } = {},
): SiteDto {
  const now = Date.now();
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    hosts: r.hosts,
    defaultLanguage: r.defaultLanguage,
    languages: r.languages,
    defaultCurrency: r.defaultCurrency,
    currencies: r.currencies,
    timeZone: r.timeZone,
    logoUrl: r.logoUrl,
    company: r.company,
    seo: r.seo,
    allowedOrigins: r.allowedOrigins,
    warehouseId: r.warehouseId,
    warehouseName: names.warehouse ?? null,
    priceRuleId: r.priceRuleId,
    priceRuleName: names.priceRule ?? null,
    isActive: r.isActive,
    publishableKey: publishableKey(ctx.tenant!.id, r.keyId),
    secretHint: secretHint(r.secretLast4),
    secretIssuedAt: r.secretIssuedAt,
    previousSecretExpiresAt:
      r.previousSecretExpiresAt && r.previousSecretExpiresAt.getTime() > now ? r.previousSecretExpiresAt : null,
    lastUsedAt: r.lastUsedAt,
    creationTime: r.creationTime,
    creatorId: r.creatorId,
    lastModificationTime: r.lastModificationTime,
    lastModifierId: r.lastModifierId,
    concurrencyStamp: r.concurrencyStamp,
  };
}

/** A site's settings (defaults for any a later version added), with the site's stamp. */
/** A site's settings: its own over the defaults (a setting added later has its default). */
export const settingsOfSite = (site: Pick<SiteRow, 'settings'>): SiteSettings => ({
  ...DEFAULT_SITE_SETTINGS,
  ...site.settings,
});

export async function settingsOf(tx: Tx, ctx: CrudContext, id: string): Promise<SiteSettingsDto> {
  const row = await getOwned(tx, ctx, sites, SITE_ENTITY, id);
  return { ...DEFAULT_SITE_SETTINGS, ...row.settings, siteId: row.id, concurrencyStamp: row.concurrencyStamp };
}

export const siteService = resourceService({
  table: sites,
  entity: SITE_ENTITY,
  texts: 'Sitekit',
  sortable: {
    name: sites.name,
    code: sites.code,
    defaultCurrency: sites.defaultCurrency,
    isActive: sites.isActive,
    lastUsedAt: sites.lastUsedAt,
    creationTime: sites.creationTime,
  },
  defaultSort: [asc(sites.code)],
  search: [sites.name, sites.code],
  scope: (q: { isActive?: string }) =>
    q.isActive === undefined ? undefined : sql`${sites.isActive} = ${q.isActive === 'true' || q.isActive === '1'}`,
  unique: [{ member: 'code', column: sites.code }],
  references: { warehouseId: ref(logisticsWarehouses), priceRuleId: ref(priceRules) },
  values: ({ concurrencyStamp: _, ...i }: SiteInput & { concurrencyStamp?: string }) => i,
  async toDtos(tx, ctx, rows) {
    const warehouses = await namesOf(
      tx,
      ctx,
      logisticsWarehouses,
      rows.map((r) => r.warehouseId),
    );
    const rules = await namesOf(
      tx,
      ctx,
      priceRules,
      rows.map((r) => r.priceRuleId),
    );
    return rows.map((r) =>
      siteDtoOf(ctx, r, {
        warehouse: r.warehouseId ? warehouses.get(r.warehouseId) : null,
        priceRule: r.priceRuleId ? rules.get(r.priceRuleId) : null,
      }),
    );
  },
});
