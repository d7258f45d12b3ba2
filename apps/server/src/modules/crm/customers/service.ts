import type {
  ContactDto,
  ContactInput,
  CustomerDto,
  CustomerDuplicate,
  CustomerDuplicatesInput,
  CustomerInput,
  CustomerListItem,
  CustomerMemberInput,
  CustomerScope,
  CustomerTag,
  CustomerTransferInput,
} from '@seller/contracts/crm';
import { customerList } from '@seller/contracts/crm';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { boundedCount, type CrudContext, deleteOwned, insertOwned, owned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { users } from '../../identity/index.ts';
import { activeUsersMatching } from '../users.ts';
import { type CustomerViewer, customerScope, loadCustomer, mayDo, viewerOf } from './access.ts';
import { addOwnerRecord } from './owner-records.ts';
import {
  crmContacts,
  crmCustomerMembers,
  crmCustomers,
  crmCustomersScoped,
  crmCustomerTags,
  crmOwnerRecords,
  crmTags,
} from './schema.ts';
import { poolReasonText } from './texts.ts';

/**
 * Customers: the list (scopes, filters, sorting, paging, export batches), the detail, create and
 * edit (tags replaced as a whole), delete, dealt / not dealt, transfer, the team, contacts and the
 * duplicate check. Which customers a caller sees and may change is `access.ts`'s decision only.
 */

type Ctx = RequestContext;
type CustomerRow = typeof crmCustomers.$inferSelect;

/** No user id matches this: the predicate of "mine" for a caller without a user. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** A user as the pages show them: "surname name", else the user name. */
const displayName = (u: { userName: string; name: string | null; surname: string | null }) =>
  [u.surname, u.name].filter(Boolean).join(' ') || u.userName;

/** Display names of users by id (ids of users gone are left out). */
export async function userNames(tx: Tx, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: users.id, userName: users.userName, name: users.name, surname: users.surname })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}

/** Tags of customers, by customer id. */
async function tagsOf(tx: Tx, ids: string[]) {
  const map = new Map<string, CustomerTag[]>();
  if (!ids.length) return map;
  const rows = await tx
    .select({ customerId: crmCustomerTags.customerId, id: crmTags.id, name: crmTags.name, color: crmTags.color })
    .from(crmCustomerTags)
    .innerJoin(crmTags, eq(crmTags.id, crmCustomerTags.tagId))
    .where(inArray(crmCustomerTags.customerId, ids))
    .orderBy(asc(crmTags.sort), asc(crmTags.name));
  for (const r of rows) {
    const list = map.get(r.customerId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    map.set(r.customerId, list);
  }
  return map;
}

/** The tenant user `userId` (active, not deleted), or a 400 naming `field`. */
async function tenantUser(tx: Tx, ctx: Ctx, userId: string, field: string) {
  const [u] = await tx
    .select({ id: users.id, userName: users.userName, name: users.name, surname: users.surname })
    .from(users)
    .where(owned(ctx, users, eq(users.id, userId), eq(users.isActive, true)));
  if (!u) throw fieldError(field, 'CrmCustomers::UserNotFound', [userId]);
  return u;
}

/** Live customers a tag has at the least for its filter to walk a sort index rather than its GIN index. */
const COMMON_TAG = 500;

/**
 * The tag filter. A tag of many customers is checked row by row as the list walks the index of
 * its sort (with the owner's, when the owner is filtered too), and meets a page's worth within a few
 * hundred rows; a rare one is looked up in the GIN index, which reads only its customers. The
 * planner cannot tell them apart (a tag's share of one tenant's customers is not in its
 * statistics), so its customers are counted first, on the link rows' index (bounded, index-only).
 */
async function tagFilter(tx: Tx, ctx: CrudContext, tagId: string): Promise<SQL> {
  const contains = sql`${crmCustomers.tagIds} @> array[${tagId}]::uuid[]`;
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(
    tx
      .select({ one: sql`1` })
      .from(crmCustomerTags)
      .where(
        // live links only (`owned` reads the copied deletion)
        owned(ctx, crmCustomerTags, eq(crmCustomerTags.tagId, tagId)),
      )
      .limit(COMMON_TAG)
      .as('links'),
  );
  // wrapped, the containment is neither an index condition nor priced by its (cross-tenant)
  // statistics: the planner keeps to the index of the sort, or of the owner
  return (row?.n ?? 0) >= COMMON_TAG ? sql`coalesce(${contains}, false)` : contains;
}

/** Checks the tag ids are customer tags of the tenant (400 naming `tagIds`). */
async function checkTags(tx: Tx, ctx: Ctx, tagIds: string[]) {
  const ids = [...new Set(tagIds)];
  if (!ids.length) return ids;
  const rows = await tx
    .select({ id: crmTags.id })
    .from(crmTags)
    .where(owned(ctx, crmTags, inArray(crmTags.id, ids), eq(crmTags.scope, 'CUSTOMER')));
  if (rows.length !== ids.length) throw fieldError('tagIds', 'CrmCustomers::TagNotFound');
  return ids;
}

/** Replaces a customer's tags: the link rows and the copy on the customer the list filters by. */
async function setTags(tx: Tx, ctx: Ctx, customerId: string, tagIds: string[]) {
  await tx.delete(crmCustomerTags).where(eq(crmCustomerTags.customerId, customerId));
  if (tagIds.length) {
    await tx
      .insert(crmCustomerTags)
      .values(tagIds.map((tagId) => ({ tenantId: ctx.tenant?.id ?? null, customerId, tagId })));
  }
  await tx
    .update(crmCustomers)
    .set({ tagIds: [...tagIds].sort() })
    .where(eq(crmCustomers.id, customerId));
}

/** A tag about to be deleted leaves every customer of the tenant (its link rows cascade). */
export async function dropTagFromCustomers(tx: Tx, ctx: Ctx, tagId: string) {
  await tx
    .update(crmCustomers)
    .set({ tagIds: sql`array_remove(${crmCustomers.tagIds}, ${tagId}::uuid)` })
    .where(
      and(
        ctx.tenant ? eq(crmCustomers.tenantId, ctx.tenant.id) : isNull(crmCustomers.tenantId),
        sql`${crmCustomers.tagIds} @> array[${tagId}]::uuid[]`,
      ),
    );
}

/** The columns a customer's input sets. */
function fieldsOf(input: CustomerInput) {
  return {
    name: input.name,
    mobile: input.mobile ?? null,
    telephone: input.telephone ?? null,
    qq: input.qq ?? null,
    wechat: input.wechat ?? null,
    email: input.email ?? null,
    country: input.country ?? null,
    detailAddress: input.detailAddress ?? null,
    industry: input.industry ?? null,
    level: input.level ?? null,
    source: input.source ?? null,
    remark: input.remark ?? null,
  };
}

/**
 * The customer list: what the viewer may see (`customerScope`) is the list's scope, for the page
 * and the export alike; the `scope` filter narrows it to mine or my teams.
 */
export const customerListService = listService(customerList, {
  table: crmCustomers,
  view: crmCustomersScoped.name,
  search: [crmCustomers.name, crmCustomers.mobile, crmCustomers.email],
  filters: {
    scope: (scope: CustomerScope, ctx) => {
      const me = ctx.user?.id ?? NO_USER;
      if (scope === 'mine') return eq(crmCustomers.ownerUserId, me);
      if (scope === 'team')
        return sql`exists (select 1 from ${crmCustomerMembers} where ${crmCustomerMembers.customerId} = ${crmCustomers.id} and ${crmCustomerMembers.userId} = ${me})`;
      return undefined;
    },
    ownerUserId: crmCustomers.ownerUserId,
    tagId: (tagId: string, ctx, tx) => tagFilter(tx, ctx, tagId),
    level: (v: string) => eq(crmCustomers.level, Number(v)),
    source: (v: string) => eq(crmCustomers.source, Number(v)),
    industry: (v: string) => eq(crmCustomers.industry, Number(v)),
    followUpStatus: crmCustomers.followUpStatus,
    lockStatus: crmCustomers.lockStatus,
    dealStatus: crmCustomers.dealStatus,
    created: crmCustomers.creationTime,
    contactNext: crmCustomers.contactNextTime,
  },
  sorts: {
    name: crmCustomers.name,
    level: crmCustomers.level,
    creationTime: crmCustomers.creationTime,
    ownerTime: crmCustomers.ownerTime,
    contactLastTime: crmCustomers.contactLastTime,
    contactNextTime: crmCustomers.contactNextTime,
  },
  // the kit hands the route's request context on: the viewer's permissions are read from it
  scope: async (services, _tx, ctx) => customerScope(await viewerOf(services, ctx as RequestContext)),
  counter: {
    filters: ['tagId', 'ownerUserId', 'scope'],
    count: async (services, tx, ctx, values) => {
      const viewer = await viewerOf(services, ctx as RequestContext);
      const scope = values.scope as CustomerScope | undefined;
      // a viewer who sees every owned customer, asking for all or their own: the link rows answer
      if (!values.tagId || !viewer.viewAll || scope === 'team') return undefined;
      const owners = [values.ownerUserId, scope === 'mine' ? (ctx.user?.id ?? NO_USER) : undefined].filter(Boolean);
      if (new Set(owners).size > 1) return { n: 0, capped: false };
      return boundedCount(
        tx,
        crmCustomerTags,
        owned(
          ctx,
          crmCustomerTags,
          eq(crmCustomerTags.tagId, values.tagId as string),
          owners.length ? eq(crmCustomerTags.ownerUserId, owners[0] as string) : isNotNull(crmCustomerTags.ownerUserId),
        ),
      );
    },
  },
  items: async (tx, _ctx, rows: CustomerRow[]) => {
    const names = await userNames(
      tx,
      rows.map((c) => c.ownerUserId),
    );
    const tags = await tagsOf(
      tx,
      rows.map((c) => c.id),
    );
    return rows.map((c) => {
      const item = listItem(c, names, tags);
      // the export's Tags column: the item's tags as one cell
      return { ...item, tagNames: item.tags.map((g) => g.name).join(', ') };
    });
  },
});

function listItem(c: CustomerRow, names: Map<string, string>, tags: Map<string, CustomerTag[]>): CustomerListItem {
  return {
    id: c.id,
    name: c.name,
    mobile: c.mobile,
    telephone: c.telephone,
    email: c.email,
    country: c.country,
    industry: c.industry,
    level: c.level,
    source: c.source,
    ownerUserId: c.ownerUserId,
    ownerName: c.ownerUserId ? (names.get(c.ownerUserId) ?? null) : null,
    ownerTime: c.ownerTime,
    tags: tags.get(c.id) ?? [],
    followUpStatus: c.followUpStatus,
    contactLastTime: c.contactLastTime,
    contactLastContent: c.contactLastContent,
    contactNextTime: c.contactNextTime,
    lockStatus: c.lockStatus,
    dealStatus: c.dealStatus,
    creationTime: c.creationTime,
  };
}

function contactOf(c: typeof crmContacts.$inferSelect): ContactDto {
  return {
    id: c.id,
    customerId: c.customerId,
    name: c.name,
    post: c.post,
    master: c.master,
    sex: c.sex,
    mobile: c.mobile,
    telephone: c.telephone,
    email: c.email,
    wechat: c.wechat,
    remark: c.remark,
    contactLastTime: c.contactLastTime,
    contactNextTime: c.contactNextTime,
    creationTime: c.creationTime,
    concurrencyStamp: c.concurrencyStamp,
  };
}

async function detail(tx: Tx, ctx: Ctx, v: CustomerViewer, c: CustomerRow): Promise<CustomerDto> {
  const members = await tx
    .select({
      userId: crmCustomerMembers.userId,
      level: crmCustomerMembers.level,
      creationTime: crmCustomerMembers.creationTime,
      userName: users.userName,
      name: users.name,
      surname: users.surname,
    })
    .from(crmCustomerMembers)
    .innerJoin(users, eq(users.id, crmCustomerMembers.userId))
    .where(eq(crmCustomerMembers.customerId, c.id))
    .orderBy(asc(crmCustomerMembers.creationTime));
  const contacts = await tx
    .select()
    .from(crmContacts)
    .where(owned(ctx, crmContacts, eq(crmContacts.customerId, c.id)))
    .orderBy(desc(crmContacts.master), asc(crmContacts.creationTime))
    .limit(200);
  const records = await tx
    .select()
    .from(crmOwnerRecords)
    .where(eq(crmOwnerRecords.customerId, c.id))
    .orderBy(desc(crmOwnerRecords.time))
    .limit(200);
  const names = await userNames(tx, [
    c.ownerUserId,
    c.creatorId,
    ...records.flatMap((r) => [r.fromUserId, r.toUserId, r.byUserId]),
  ]);
  const tags = await tagsOf(tx, [c.id]);
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    ...listItem(c, names, tags),
    qq: c.qq,
    wechat: c.wechat,
    detailAddress: c.detailAddress,
    remark: c.remark,
    poolTime: c.poolTime,
    poolReason: poolReasonText(ctx.culture, c.poolReason),
    creatorId: c.creatorId,
    creatorName: name(c.creatorId),
    concurrencyStamp: c.concurrencyStamp,
    members: members.map((m) => ({
      userId: m.userId,
      userName: m.userName,
      name: displayName(m),
      level: m.level,
      creationTime: m.creationTime,
    })),
    contacts: contacts.map(contactOf),
    ownerRecords: records.map((r) => ({
      id: r.id,
      kind: r.kind,
      fromUserId: r.fromUserId,
      fromName: name(r.fromUserId),
      toUserId: r.toUserId,
      toName: name(r.toUserId),
      byUserId: r.byUserId,
      byName: name(r.byUserId),
      reason: poolReasonText(ctx.culture, r.reason),
      time: r.time,
    })),
    access: { write: await mayDo(tx, v, c, 'write'), owner: await mayDo(tx, v, c, 'owner') },
  };
}

/** Creates a customer owned by the caller in `tx` (the form and the import), with its CREATE record. */
export async function createCustomerIn(tx: Tx, ctx: Ctx, input: CustomerInput, tagIds: string[]) {
  const me = ctx.user?.id ?? null;
  const row = await insertOwned(tx, ctx, crmCustomers, 'Customer', {
    ...fieldsOf(input),
    ownerUserId: me,
    ownerTime: me ? new Date() : null,
  });
  await setTags(tx, ctx, row.id, tagIds);
  await addOwnerRecord(tx, ctx, row.id, 'CREATE', null, me);
  return row;
}

/**
 * The customer `id` as the detail shows it, read without the viewer's scope: a write answers with
 * it even when the caller no longer sees the customer (a transfer to another owner).
 */
export async function customerDetail(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string) {
  const [row] = await tx
    .select()
    .from(crmCustomers)
    .where(owned(ctx, crmCustomers, eq(crmCustomers.id, id)));
  if (!row) throw notFound('Customer', id);
  return detail(tx, ctx, v, row);
}

/** One customer the viewer may see, as the detail shows it. */
export async function getCustomer(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string) {
  return detail(tx, ctx, v, await loadCustomer(tx, v, id, 'read'));
}

/** Creates a customer owned by the caller (tags checked); its id. */
export async function createCustomer(tx: Tx, ctx: Ctx, input: CustomerInput) {
  const tagIds = await checkTags(tx, ctx, input.tagIds);
  return (await createCustomerIn(tx, ctx, input, tagIds)).id;
}

export async function updateCustomer(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, input: CustomerInput) {
  await loadCustomer(tx, v, id, 'write', { forUpdate: true });
  const tagIds = await checkTags(tx, ctx, input.tagIds);
  await updateOwned(tx, ctx, crmCustomers, 'Customer', id, fieldsOf(input), input.concurrencyStamp);
  await setTags(tx, ctx, id, tagIds);
}

export async function deleteCustomer(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string) {
  await loadCustomer(tx, v, id, 'owner', { forUpdate: true });
  await deleteOwned(tx, ctx, crmCustomers, 'Customer', id);
}

/** Marks the customer dealt (it has closed business) or not. */
export async function setDeal(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, dealt: boolean) {
  await loadCustomer(tx, v, id, 'write', { forUpdate: true });
  await updateOwned(tx, ctx, crmCustomers, 'Customer', id, { dealStatus: dealt });
}

/** The customer has closed business (a won business): dealt, unless it already is. */
export async function markDealt(tx: Tx, _ctx: Ctx, id: string) {
  await tx
    .update(crmCustomers)
    .set({ dealStatus: true })
    .where(and(eq(crmCustomers.id, id), eq(crmCustomers.dealStatus, false)));
}

/** To another user of the tenant; the old owner may stay on the team. Writes the TRANSFER record. */
export async function transfer(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, input: CustomerTransferInput) {
  const c = await loadCustomer(tx, v, id, 'owner', { forUpdate: true });
  await tenantUser(tx, ctx, input.toUserId, 'toUserId');
  if (input.toUserId === c.ownerUserId) throw fieldError('toUserId', 'CrmCustomers::AlreadyOwner');
  const old = c.ownerUserId!;
  await updateOwned(tx, ctx, crmCustomers, 'Customer', id, { ownerUserId: input.toUserId, ownerTime: new Date() });
  // the new owner is no longer a member; the old one stays only when asked
  await tx
    .delete(crmCustomerMembers)
    .where(
      and(
        eq(crmCustomerMembers.customerId, id),
        or(eq(crmCustomerMembers.userId, input.toUserId), eq(crmCustomerMembers.userId, old)),
      ),
    );
  if (input.keepOldOwnerLevel) {
    await tx
      .insert(crmCustomerMembers)
      .values({ tenantId: c.tenantId, customerId: id, userId: old, level: input.keepOldOwnerLevel });
  }
  await addOwnerRecord(tx, ctx, id, 'TRANSFER', old, input.toUserId, input.reason ?? null);
}

/** Adds a team member, or changes the level of one already on the team (owner only). */
export async function putMember(
  tx: Tx,
  ctx: Ctx,
  v: CustomerViewer,
  id: string,
  input: CustomerMemberInput,
  mustExist = false,
) {
  const c = await loadCustomer(tx, v, id, 'owner', { forUpdate: true });
  if (mustExist) {
    const [m] = await tx
      .select({ userId: crmCustomerMembers.userId })
      .from(crmCustomerMembers)
      .where(and(eq(crmCustomerMembers.customerId, id), eq(crmCustomerMembers.userId, input.userId)));
    if (!m) throw notFound('CustomerMember', input.userId);
  } else {
    await tenantUser(tx, ctx, input.userId, 'userId');
    if (input.userId === c.ownerUserId) throw fieldError('userId', 'CrmCustomers::OwnerIsNoMember');
  }
  await tx
    .insert(crmCustomerMembers)
    .values({ tenantId: c.tenantId, customerId: id, userId: input.userId, level: input.level })
    .onConflictDoUpdate({
      target: [crmCustomerMembers.customerId, crmCustomerMembers.userId],
      set: { level: input.level },
    });
}

export async function removeMember(tx: Tx, _ctx: Ctx, v: CustomerViewer, id: string, userId: string) {
  await loadCustomer(tx, v, id, 'owner', { forUpdate: true });
  const gone = await tx
    .delete(crmCustomerMembers)
    .where(and(eq(crmCustomerMembers.customerId, id), eq(crmCustomerMembers.userId, userId)))
    .returning({ userId: crmCustomerMembers.userId });
  if (!gone.length) throw notFound('CustomerMember', userId);
}

export async function contactsOf(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string) {
  await loadCustomer(tx, v, id, 'read');
  const rows = await tx
    .select()
    .from(crmContacts)
    .where(owned(ctx, crmContacts, eq(crmContacts.customerId, id)))
    .orderBy(desc(crmContacts.master), asc(crmContacts.creationTime))
    .limit(200);
  return { items: rows.map(contactOf) };
}

/** A contact as the pages show it (the caller has just written it). */
export async function getContact(tx: Tx, ctx: Ctx, contactId: string) {
  const [row] = await tx
    .select()
    .from(crmContacts)
    .where(owned(ctx, crmContacts, eq(crmContacts.id, contactId)));
  if (!row) throw notFound('Contact', contactId);
  return contactOf(row);
}

/** Creates (`contactId` null) or updates a contact of the customer; its id. */
export async function saveContact(
  tx: Tx,
  ctx: Ctx,
  v: CustomerViewer,
  id: string,
  contactId: string | null,
  input: ContactInput,
) {
  await loadCustomer(tx, v, id, 'write');
  const { concurrencyStamp, ...rest } = input;
  const values = {
    name: rest.name,
    post: rest.post ?? null,
    master: rest.master,
    sex: rest.sex ?? null,
    mobile: rest.mobile ?? null,
    telephone: rest.telephone ?? null,
    email: rest.email ?? null,
    wechat: rest.wechat ?? null,
    remark: rest.remark ?? null,
    contactNextTime: rest.contactNextTime ?? null,
  };
  if (!contactId) return (await insertOwned(tx, ctx, crmContacts, 'Contact', { ...values, customerId: id })).id;
  await contactOfCustomer(tx, ctx, id, contactId);
  return (await updateOwned(tx, ctx, crmContacts, 'Contact', contactId, values, concurrencyStamp)).id;
}

export async function removeContact(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, contactId: string) {
  await loadCustomer(tx, v, id, 'write');
  await contactOfCustomer(tx, ctx, id, contactId);
  await deleteOwned(tx, ctx, crmContacts, 'Contact', contactId);
}

/**
 * Customers of the tenant with the same name (any case), mobile or e-mail (any case), at most
 * 20. Those the caller may not see say only that they exist and whose they are.
 */
export async function duplicates(tx: Tx, ctx: Ctx, v: CustomerViewer, input: CustomerDuplicatesInput) {
  const name = input.name?.toLowerCase();
  const email = input.email?.toLowerCase();
  const rows = await tx
    .select({
      id: crmCustomers.id,
      name: crmCustomers.name,
      mobile: crmCustomers.mobile,
      email: crmCustomers.email,
      ownerUserId: crmCustomers.ownerUserId,
      visible: sql<boolean>`(${customerScope(v, { includePool: true })})`,
    })
    .from(crmCustomers)
    .where(
      owned(
        ctx,
        crmCustomers,
        input.excludeId ? sql`${crmCustomers.id} <> ${input.excludeId}` : undefined,
        or(
          name ? sql`lower(${crmCustomers.name}) = ${name}` : undefined,
          input.mobile ? eq(crmCustomers.mobile, input.mobile) : undefined,
          email ? sql`lower(${crmCustomers.email}) = ${email}` : undefined,
        ),
      ),
    )
    .orderBy(asc(crmCustomers.creationTime))
    .limit(20);
  const names = await userNames(
    tx,
    rows.map((r) => r.ownerUserId),
  );
  const items: CustomerDuplicate[] = rows.map((r) => {
    const matchedOn: CustomerDuplicate['matchedOn'] = [];
    if (name && r.name.toLowerCase() === name) matchedOn.push('name');
    if (input.mobile && r.mobile === input.mobile) matchedOn.push('mobile');
    if (email && r.email?.toLowerCase() === email) matchedOn.push('email');
    const visible = !!r.visible;
    return {
      visible,
      id: visible ? r.id : null,
      name: visible ? r.name : null,
      mobile: visible ? r.mobile : null,
      email: visible ? r.email : null,
      matchedOn,
      ownerName: r.ownerUserId ? (names.get(r.ownerUserId) ?? null) : null,
      inPool: r.ownerUserId === null,
    };
  });
  return { items };
}

/** The tenant's customer tags, to filter by and assign (the tags area keeps them). */
export async function tagOptions(tx: Tx, ctx: Ctx) {
  const rows = await tx
    .select({ id: crmTags.id, name: crmTags.name, color: crmTags.color })
    .from(crmTags)
    .where(owned(ctx, crmTags, eq(crmTags.scope, 'CUSTOMER')))
    .orderBy(asc(crmTags.sort), asc(crmTags.name))
    .limit(500);
  return { items: rows };
}

/** Active users of the tenant, to pick as new owner or team member (at most 50). */
export async function userOptions(tx: Tx, ctx: Ctx, filter?: string) {
  const rows = await tx
    .select({ id: users.id, userName: users.userName, name: users.name, surname: users.surname })
    .from(users)
    .where(activeUsersMatching(ctx, filter, [users.userName, users.name, users.surname]))
    .orderBy(asc(users.userName))
    .limit(50);
  return { items: rows.map((r) => ({ id: r.id, userName: r.userName, name: displayName(r) })) };
}

async function contactOfCustomer(tx: Tx, ctx: Ctx, customerId: string, contactId: string) {
  const [row] = await tx
    .select({ id: crmContacts.id })
    .from(crmContacts)
    .where(owned(ctx, crmContacts, eq(crmContacts.id, contactId), eq(crmContacts.customerId, customerId)));
  if (!row) throw notFound('Contact', contactId);
}
