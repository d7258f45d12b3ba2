import type { SiteSecretDto, SiteSettings } from '@seller/contracts/sitekit';
import { eq } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import { getOwned, rewriteOwned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { KitServices } from '../../../core/resource.ts';
import { newSecret, secretHash, secretHint } from './keys.ts';
import { sites } from './schema.ts';
import { SITE_ENTITY, settingsOf, siteService } from './service.ts';

/**
 * Issues the site a new secret (`PUT …/refresh-token`): answered this once, stored as its hash and
 * last four characters. The secret it replaces keeps working for `graceHours` (a setting; 0 ends
 * it at once), so a storefront's servers can be switched over without an outage. A site's first
 * secret replaces nothing.
 */
async function rotateSecret(tx: Tx, ctx: CrudContext, id: string, graceHours: number): Promise<SiteSecretDto> {
  // the row locked: two rotations at once would both keep the same "previous" secret
  await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, id)).for('update');
  const before = await getOwned(tx, ctx, sites, SITE_ENTITY, id);
  const secret = newSecret();
  const now = new Date();
  const previousSecretExpiresAt =
    before.secretHash && graceHours > 0 ? new Date(now.getTime() + graceHours * 3_600_000) : null;
  await rewriteOwned(tx, ctx, sites, SITE_ENTITY, before, {
    secretHash: secretHash(secret),
    secretLast4: secret.slice(-4),
    secretIssuedAt: now,
    previousSecretHash: previousSecretExpiresAt ? before.secretHash : null,
    previousSecretExpiresAt,
  });
  return { secret, secretHint: secretHint(secret.slice(-4)), previousSecretExpiresAt };
}

/** The `Setting` page's save: the site's settings whole, with the site's stamp (409 when stale). */
async function saveSettings(
  tx: Tx,
  ctx: CrudContext,
  id: string,
  { concurrencyStamp, ...settings }: SiteSettings & { concurrencyStamp?: string },
) {
  await updateOwned(tx, ctx, sites, SITE_ENTITY, id, { settings }, concurrencyStamp);
  return settingsOf(tx, ctx, id);
}

/** Sites' writes: the kit's create, update and delete, the secret's rotation and the settings, in the caller's transaction. */
export const siteCommands = (services: KitServices) => ({
  ...siteService.commands(services),
  rotateSecret,
  saveSettings,
});
