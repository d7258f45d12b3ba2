import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { type ShopperDto, type StoreRegisterInput, shopperList } from '@seller/contracts/sitekit';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type CrudContext, owned, rewriteOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { uniquely } from '../../../core/resource.ts';
import type { SiteRow } from '../sites/schema.ts';
import { type ShopperRow, shoppers, shopperTokens } from './schema.ts';

export const SHOPPER_ENTITY = 'Shopper';
/** How long a shopper stays signed in. */
export const SHOPPER_TOKEN_DAYS = 30;

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** `scrypt$<salt>$<hash>`, both base64url: what a shopper's password is kept as. */
async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const got = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** A hash to compare with when no shopper has the e-mail: the answer takes as long either way. */
const NOBODY = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const unauthorizedShopper = (key: string) =>
  new AppError({ status: 401, code: `Sitekit:${key}`, messageKey: `Sitekit::${key}` });

async function issueToken(tx: Tx, shopper: ShopperRow) {
  const token = `st_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + SHOPPER_TOKEN_DAYS * 86_400_000);
  await tx.insert(shopperTokens).values({
    tenantId: shopper.tenantId,
    siteId: shopper.siteId,
    shopperId: shopper.id,
    tokenHash: tokenHash(token),
    expiresAt,
  });
  await tx.update(shoppers).set({ lastSignInAt: new Date() }).where(eq(shoppers.id, shopper.id));
  return { token, expiresAt };
}

/** `POST /api/store/customers`: a new shopper of the site, signed in at once. */
export async function register(tx: Tx, ctx: CrudContext, site: SiteRow, input: StoreRegisterInput, language: string) {
  const taken = () => fieldError('email', 'Sitekit::EmailTaken');
  const [clash] = await tx
    .select({ id: shoppers.id })
    .from(shoppers)
    .where(owned(ctx, shoppers, eq(shoppers.siteId, site.id), eq(shoppers.email, input.email)));
  if (clash) throw taken();
  const [shopper] = await uniquely(
    async () =>
      tx
        .insert(shoppers)
        .values({
          tenantId: ctx.tenant?.id ?? null,
          siteId: site.id,
          email: input.email,
          name: input.name,
          phone: input.phone,
          passwordHash: await hashPassword(input.password),
          language,
        })
        .returning(),
    taken,
  );
  return issueToken(tx, shopper!);
}

/** `POST /api/store/auth/token`: the same refusal for an unknown e-mail, a wrong password and a disabled account. */
export async function signIn(tx: Tx, ctx: CrudContext, site: SiteRow, email: string, password: string) {
  const [shopper] = await tx
    .select()
    .from(shoppers)
    .where(owned(ctx, shoppers, eq(shoppers.siteId, site.id), eq(shoppers.email, email)));
  const ok = await passwordMatches(password, shopper?.passwordHash ?? NOBODY);
  if (!shopper || !ok || shopper.status !== 'ACTIVE') throw fieldError('password', 'Sitekit::SignInFailed');
  return issueToken(tx, shopper);
}

/**
 * The shopper an `x-shopper-token` names on this site: a token of another site, expired, signed
 * out or of a disabled shopper is a 401; none at all is a 401 too when `required`.
 */
export async function shopperOf(
  tx: Tx,
  ctx: CrudContext,
  site: SiteRow,
  headers: Record<string, string | string[] | undefined>,
  required: boolean,
): Promise<ShopperRow | null> {
  const token = headers['x-shopper-token'];
  if (typeof token !== 'string' || !token) {
    if (required) throw unauthorizedShopper('ShopperTokenMissing');
    return null;
  }
  const [row] = await tx
    .select({ shopper: shoppers })
    .from(shopperTokens)
    .innerJoin(shoppers, eq(shoppers.id, shopperTokens.shopperId))
    .where(
      owned(
        ctx,
        shopperTokens,
        eq(shopperTokens.tokenHash, tokenHash(token)),
        eq(shopperTokens.siteId, site.id),
        gt(shopperTokens.expiresAt, new Date()),
        eq(shoppers.status, 'ACTIVE'),
      ),
    );
  if (!row) throw unauthorizedShopper('ShopperTokenInvalid');
  return row.shopper;
}

/** `DELETE /api/store/auth/token`: this token ends (the shopper's other sign-ins stay). */
export async function signOut(tx: Tx, ctx: CrudContext, site: SiteRow, token: string) {
  await tx
    .delete(shopperTokens)
    .where(owned(ctx, shopperTokens, eq(shopperTokens.tokenHash, tokenHash(token)), eq(shopperTokens.siteId, site.id)));
}

export const shopperDtoOf = (r: ShopperRow): ShopperDto => ({
  id: r.id,
  siteId: r.siteId,
  email: r.email,
  name: r.name,
  phone: r.phone,
  status: r.status,
  language: r.language,
  ordersCount: r.ordersCount,
  reviewsCount: r.reviewsCount,
  lastSignInAt: r.lastSignInAt,
  creationTime: r.creationTime,
  concurrencyStamp: r.concurrencyStamp,
});

/** The shoppers list (the list kit): one site's, active and disabled tabs, search in e-mail, name and phone. */
export const shopperListService = listService(shopperList, {
  table: shoppers,
  search: [shoppers.email, shoppers.name, shoppers.phone],
  filters: { siteId: shoppers.siteId },
  tab: shoppers.status,
  sorts: {
    email: shoppers.email,
    name: shoppers.name,
    lastSignInAt: shoppers.lastSignInAt,
    creationTime: shoppers.creationTime,
  },
  items: (_tx, _ctx, rows: ShopperRow[]) => rows.map(shopperDtoOf),
});

export async function shopperById(tx: Tx, ctx: CrudContext, id: string): Promise<ShopperRow> {
  const [row] = await tx
    .select()
    .from(shoppers)
    .where(owned(ctx, shoppers, eq(shoppers.id, id)))
    .for('update');
  if (!row) throw notFound(SHOPPER_ENTITY, id);
  return row;
}

/** Disables (signing the shopper out everywhere) or enables a shopper. */
export async function setShopperStatus(tx: Tx, ctx: CrudContext, id: string, enabled: boolean): Promise<ShopperDto> {
  const before = await shopperById(tx, ctx, id);
  const after = await rewriteOwned(tx, ctx, shoppers, SHOPPER_ENTITY, before, {
    status: enabled ? 'ACTIVE' : 'DISABLED',
  });
  if (!enabled) await tx.delete(shopperTokens).where(and(eq(shopperTokens.shopperId, id)));
  return shopperDtoOf(after);
}

/** Counts one more order (or review) on the shopper. */
export async function countOnShopper(tx: Tx, id: string, what: 'orders' | 'reviews', by = 1) {
  const column = what === 'orders' ? shoppers.ordersCount : shoppers.reviewsCount;
  await tx
    .update(shoppers)
    .set(what === 'orders' ? { ordersCount: sql`${column} + ${by}` } : { reviewsCount: sql`${column} + ${by}` })
    .where(eq(shoppers.id, id));
}
