import type { Culture } from '@seller/contracts';
import {
  LISTING_CHANGED_EVENT,
  type ListingAction,
  type ListingChangedEvent,
  ListingStatus,
  type ListingStatusCode,
  listingTransitions,
} from '@seller/contracts/marketplaces';
import { and, eq } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { emitToTenant } from '../../notifications/index.ts';
import { listingEvents, listings } from './schema.ts';

/**
 * The state machine's one writer: every change of a listing's status is a compare-and-set on
 * (status, version) that writes a listing event in the same transaction; the hub hears of it
 * after the commit (`announce`).
 */

export type Listing = typeof listings.$inferSelect;

/** Where a user action leads from a state, or null when the table refuses it. */
export function actionTarget(status: number, action: ListingAction, platformItemId: string | null) {
  const row = listingTransitions[status as ListingStatusCode] ?? {};
  if (!(action in row)) return null;
  if (action === 'refresh' && platformItemId === null) return null;
  return row[action]!;
}

/** 409 naming the state (localized): the action is not allowed now. */
export const illegalTransition = (culture: Culture, status: number, action: ListingAction) =>
  new AppError({
    status: 409,
    code: 'Listings:IllegalTransition',
    messageKey: 'Listings::IllegalTransition',
    params: [statusName(culture, status), t(culture, `Listings::Action:${action}`)],
    data: { status, action },
  });

export const statusName = (culture: Culture, status: number) => t(culture, `Listings::Status:${status}`);

export interface Actor {
  id: string | null;
  name: string | null;
}
export const actorOf = (ctx: CrudContext): Actor => ({ id: ctx.user?.id ?? null, name: ctx.user?.userName ?? null });
export const WORKER: Actor = { id: null, name: null };

export interface Change {
  /** Members to set besides status and version. */
  set?: Partial<typeof listings.$inferInsert>;
  status?: number;
  event: string;
  message?: string | null;
  requestId?: string | null;
  actor?: Actor;
}

/**
 * Moves `from` (as read) to its new state if nobody changed it meanwhile: null when the row's
 * status or version moved on (the caller lost the race) or it was dropped.
 */
export async function transition(tx: Tx, from: Listing, change: Change): Promise<Listing | null> {
  const status = change.status ?? from.status;
  const [row] = await tx
    .update(listings)
    .set({
      ...change.set,
      status,
      version: from.version + 1,
      lastModificationTime: new Date(),
      ...(change.actor?.id ? { lastModifierId: change.actor.id } : {}),
    })
    .where(
      and(
        eq(listings.id, from.id),
        eq(listings.status, from.status),
        eq(listings.version, from.version),
        eq(listings.isDeleted, false),
      ),
    )
    .returning();
  if (!row) return null;
  await tx.insert(listingEvents).values({
    tenantId: from.tenantId,
    listingId: from.id,
    fromStatus: from.status,
    toStatus: row.isDeleted ? null : status,
    event: change.event,
    actorId: change.actor?.id ?? null,
    actorName: change.actor?.name ?? null,
    message: change.message?.slice(0, 2000) ?? null,
    requestId: change.requestId ?? null,
  });
  return row;
}

/** Tells the tenant's open pages which listings changed (after the commit). */
export function announce(
  services: Services,
  rows: Pick<Listing, 'id' | 'tenantId' | 'shopId' | 'productId' | 'status' | 'isDeleted' | 'lastErrorMessage'>[],
) {
  const byTenant = new Map<string | null, typeof rows>();
  for (const r of rows) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r]);
  for (const [tenantId, list] of byTenant) {
    const event: ListingChangedEvent = {
      listings: list.map((r) => ({
        id: r.id,
        shopId: r.shopId,
        productId: r.productId,
        status: r.isDeleted ? 0 : r.status,
        lastErrorMessage: r.lastErrorMessage,
      })),
    };
    emitToTenant(services, tenantId, LISTING_CHANGED_EVENT, event);
  }
}

/** The states the worker owns. */
export const workerOwned = (status: number) => status === ListingStatus.Process || status === ListingStatus.Refreshing;
