import type {
  ActivityBizType,
  ActivityDto,
  ActivityInput,
  ActivityType,
  ActivityUpdateInput,
} from '@seller/contracts/crm';
import { activityList } from '@seller/contracts/crm';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../../core/context.ts';
import { deleteOwned, getOwned, insertOwned, owned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { auditedFields } from '../../../core/db/columns.ts';
import { AppError, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import type { Services } from '../../../core/services.ts';
import { fileQueries } from '../../files/index.ts';
import { users } from '../../identity/index.ts';
import { crmBusinesses } from '../businesses/schema.ts';
import { type CustomerNeed, type CustomerViewer, customerQueries } from '../customers/queries.ts';
import { crmContacts, crmCustomers } from '../customers/schema.ts';
import { crmActivities } from './schema.ts';

/**
 * Follow-up records. A record hangs off a customer, a contact or a business and always names the
 * customer it belongs to: who sees (or may change) the customer sees (or may change) its records
 * (`customers/access.ts`). Saving, editing or deleting one sets its parents' last contact (time
 * and content), next contact time and follow-up status from their latest record, in the same
 * transaction: the customer always, and the contact or business it was written on.
 */

type Ctx = RequestContext;

const { viewer: viewerOf, scope: customerScope, load: loadCustomer } = customerQueries;
const ENTITY = 'CrmActivity';

const contact = alias(crmContacts, 'activity_contact');
const business = alias(crmBusinesses, 'activity_business');
const creator = alias(users, 'activity_creator');

const select = (tx: Tx) =>
  tx
    .select({
      activity: crmActivities,
      customerName: crmCustomers.name,
      contactName: contact.name,
      businessName: business.name,
      creatorUserName: creator.userName,
      creatorName: creator.name,
    })
    .from(crmActivities)
    .innerJoin(crmCustomers, eq(crmCustomers.id, crmActivities.customerId))
    .leftJoin(contact, and(eq(crmActivities.bizType, 'CONTACT'), eq(contact.id, crmActivities.bizId)))
    .leftJoin(business, and(eq(crmActivities.bizType, 'BUSINESS'), eq(business.id, crmActivities.bizId)))
    .leftJoin(creator, eq(creator.id, crmActivities.creatorId));

type Selected = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

function toDto(r: Selected): ActivityDto {
  const a = r.activity;
  const bizType = a.bizType as ActivityBizType;
  return {
    id: a.id,
    bizType,
    bizId: a.bizId,
    bizName: bizType === 'CUSTOMER' ? r.customerName : bizType === 'CONTACT' ? r.contactName : r.businessName,
    customerId: a.customerId,
    customerName: r.customerName,
    type: a.type as ActivityType,
    content: a.content,
    nextTime: a.nextTime,
    fileIds: a.fileIds,
    creatorName: r.creatorName || r.creatorUserName || null,
    ...auditedFields(a),
    concurrencyStamp: a.concurrencyStamp,
  };
}

/** An activity's customer row, correlated: the list counts over `crm_activities` alone. */
const ofCustomer = (...parts: SQL[]) =>
  sql`exists (select 1 from ${crmCustomers} where ${crmCustomers.id} = ${crmActivities.customerId} and ${and(...parts)})`;

/**
 * The follow-up list: the records of customers the viewer sees (`customerScope`, the pool's
 * too), with the names of their customer, contact or business and creator joined.
 */
export const activityListService = listService(activityList, {
  table: crmActivities,
  rows: (tx) => select(tx).$dynamic(),
  search: [crmActivities.content],
  filters: {
    customerId: crmActivities.customerId,
    bizType: crmActivities.bizType,
    bizId: crmActivities.bizId,
    type: crmActivities.type,
    mine: (mine: boolean, ctx) =>
      mine ? (ctx.user ? eq(crmActivities.creatorId, ctx.user.id) : sql`false`) : undefined,
    created: crmActivities.creationTime,
  },
  sorts: {
    creationTime: crmActivities.creationTime,
    nextTime: crmActivities.nextTime,
    type: crmActivities.type,
  },
  // the kit hands the route's request context on: the viewer's permissions are read from it
  scope: async (services, _tx, ctx) =>
    ofCustomer(
      eq(crmCustomers.isDeleted, false),
      customerScope(await viewerOf(services, ctx as RequestContext), { includePool: true }),
    ),
  items: (_tx, _ctx, rows: Selected[]) => rows.map(toDto),
});

/** The customer a record's parent belongs to; 404 naming the parent when it is not there. */
async function parentCustomer(tx: Tx, ctx: Ctx, bizType: ActivityBizType, bizId: string): Promise<string> {
  if (bizType === 'CUSTOMER') return bizId;
  const table = bizType === 'CONTACT' ? crmContacts : crmBusinesses;
  const [row] = await tx
    .select({ customerId: table.customerId })
    .from(table)
    .where(owned(ctx, table, eq(table.id, bizId)))
    .limit(1);
  if (!row) throw notFound(bizType === 'CONTACT' ? 'CrmContact' : 'CrmBusiness', bizId);
  return row.customerId;
}

/** `loadCustomer`, its 404 naming `entity` (the record reached through the customer). */
async function throughCustomer(
  tx: Tx,
  viewer: CustomerViewer,
  customerId: string,
  need: CustomerNeed,
  entity: string,
  id: string,
) {
  try {
    return await loadCustomer(tx, viewer, customerId, need, { forUpdate: need !== 'read' });
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound(entity, id);
    throw e;
  }
}

/** Attachments are files of this tenant, uploaded through `POST /api/files`. */
async function checkFiles(services: Pick<Services, 'config'>, ctx: Ctx, fileIds: string[]) {
  for (const [i, url] of fileIds.entries()) {
    if (!(await fileQueries.exists(services.config.dataDir, ctx, url))) {
      throw fieldError(`fileIds.${i}`, 'CrmActivities::FileNotFound');
    }
  }
}

/** The latest record among `scope`, or undefined. */
async function latest(tx: Tx, ctx: Ctx, scope: SQL) {
  const [row] = await tx
    .select()
    .from(crmActivities)
    .where(owned(ctx, crmActivities, scope))
    .orderBy(desc(crmActivities.creationTime), desc(crmActivities.id))
    .limit(1);
  return row;
}

/**
 * Sets the parents' last and next contact from their latest record: the customer (from all its
 * records) and the contact or business the record is on. A parent whose last record went keeps
 * what it had (it may have been contacted otherwise).
 */
export async function touchParents(tx: Tx, ctx: Ctx, a: { customerId: string; bizType: string; bizId: string }) {
  const forCustomer = await latest(tx, ctx, eq(crmActivities.customerId, a.customerId));
  if (forCustomer) {
    await tx
      .update(crmCustomers)
      .set({
        contactLastTime: forCustomer.creationTime,
        contactLastContent: forCustomer.content.slice(0, 512),
        contactNextTime: forCustomer.nextTime,
        followUpStatus: true,
      })
      .where(owned(ctx, crmCustomers, eq(crmCustomers.id, a.customerId)));
  }
  if (a.bizType === 'CUSTOMER') return;
  const own = await latest(tx, ctx, and(eq(crmActivities.bizType, a.bizType), eq(crmActivities.bizId, a.bizId))!);
  if (!own) return;
  if (a.bizType === 'CONTACT') {
    await tx
      .update(crmContacts)
      .set({ contactLastTime: own.creationTime, contactNextTime: own.nextTime })
      .where(owned(ctx, crmContacts, eq(crmContacts.id, a.bizId)));
  } else {
    await tx
      .update(crmBusinesses)
      .set({ contactLastTime: own.creationTime, contactNextTime: own.nextTime, followUpStatus: true })
      .where(owned(ctx, crmBusinesses, eq(crmBusinesses.id, a.bizId)));
  }
}

async function reread(tx: Tx, ctx: Ctx, id: string) {
  const [row] = await select(tx).where(owned(ctx, crmActivities, eq(crmActivities.id, id)));
  return toDto(row);
}

/** A record the viewer may `need` through its customer; 404 when either is out of sight. */
async function loadActivity(tx: Tx, ctx: Ctx, viewer: CustomerViewer, id: string, need: CustomerNeed) {
  const row = await getOwned(tx, ctx, crmActivities, ENTITY, id);
  await throughCustomer(tx, viewer, row.customerId, need, ENTITY, id);
  return row;
}

/** Writes a new record inside the caller's transaction (the API and the demo seed). */
export async function createActivityIn(tx: Tx, ctx: Ctx, viewer: CustomerViewer | null, input: ActivityInput) {
  const customerId = await parentCustomer(tx, ctx, input.bizType, input.bizId);
  if (viewer) {
    const entity =
      input.bizType === 'CUSTOMER' ? 'Customer' : input.bizType === 'CONTACT' ? 'CrmContact' : 'CrmBusiness';
    await throughCustomer(tx, viewer, customerId, 'write', entity, input.bizId);
  }
  const row = await insertOwned(tx, ctx, crmActivities, ENTITY, {
    bizType: input.bizType,
    bizId: input.bizId,
    customerId,
    type: input.type,
    content: input.content,
    nextTime: input.nextTime,
    fileIds: input.fileIds,
  });
  await touchParents(tx, ctx, row);
  return row;
}

/** One record the viewer sees through its customer. */
export async function getActivity(tx: Tx, ctx: Ctx, viewer: CustomerViewer, id: string) {
  await loadActivity(tx, ctx, viewer, id, 'read');
  return reread(tx, ctx, id);
}

/** Writes a new record on a parent the viewer may write, its attachments checked; its id. */
export async function createActivity(
  services: Pick<Services, 'config'>,
  tx: Tx,
  ctx: Ctx,
  viewer: CustomerViewer,
  input: ActivityInput,
) {
  await checkFiles(services, ctx, input.fileIds);
  return (await createActivityIn(tx, ctx, viewer, input)).id;
}

export async function updateActivity(
  services: Pick<Services, 'config'>,
  tx: Tx,
  ctx: Ctx,
  viewer: CustomerViewer,
  id: string,
  input: ActivityUpdateInput,
) {
  const before = await loadActivity(tx, ctx, viewer, id, 'write');
  await checkFiles(services, ctx, input.fileIds);
  const { concurrencyStamp, ...values } = input;
  await updateOwned(tx, ctx, crmActivities, ENTITY, id, values, concurrencyStamp);
  await touchParents(tx, ctx, before);
}

export async function deleteActivity(tx: Tx, ctx: Ctx, viewer: CustomerViewer, id: string) {
  const before = await loadActivity(tx, ctx, viewer, id, 'write');
  await deleteOwned(tx, ctx, crmActivities, ENTITY, id);
  await touchParents(tx, ctx, before);
}
