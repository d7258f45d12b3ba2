import {
  type BusinessAmount,
  type BusinessBoardDto,
  type BusinessCloseInput,
  type BusinessDto,
  BusinessEndStatus,
  type BusinessFilters,
  type BusinessFunnelDto,
  type BusinessInput,
  type BusinessListItem,
  type BusinessStatusTypeDto,
  businessList,
} from '@seller/contracts/crm';
import { Decimal } from 'decimal.js';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import { contains } from '../../../core/search.ts';
import { catalogProducts } from '../../catalog/index.ts';
import { users } from '../../identity/index.ts';
import type { CustomerCommands } from '../customers/commands.ts';
import { type CustomerNeed, type CustomerViewer, customerQueries } from '../customers/queries.ts';
import { crmCustomers } from '../customers/schema.ts';
import { loadThroughCustomer, ofCustomer, seenThroughCustomer, touched } from '../through.ts';
import { displayNameOf, userName } from '../users.ts';
import { crmBusinesses, crmBusinessProducts, crmBusinessStatuses } from './schema.ts';
import { ensureStageGroups, stageName } from './stages.ts';

export type Ctx = RequestContext;

const { scope: customerScope, load: loadCustomer, may: mayDo } = customerQueries;
type BusinessRow = typeof crmBusinesses.$inferSelect;

/** A catalogue product as a business line starts from: its SKU, name and list price (exact, as text). */
export const productFields = {
  id: catalogProducts.id,
  sku: catalogProducts.sku,
  name: catalogProducts.name,
  price: sql<string>`${catalogProducts.price}::text`,
};

const itemFields = {
  id: crmBusinesses.id,
  name: crmBusinesses.name,
  customerId: crmBusinesses.customerId,
  customerName: crmCustomers.name,
  ownerUserId: crmBusinesses.ownerUserId,
  ownerName: userName(crmBusinesses.ownerUserId),
  statusTypeId: crmBusinesses.statusTypeId,
  statusId: crmBusinesses.statusId,
  statusName: crmBusinessStatuses.name,
  stagePercent: crmBusinessStatuses.percent,
  endStatus: crmBusinesses.endStatus,
  endRemark: crmBusinesses.endRemark,
  endTime: crmBusinesses.endTime,
  dealTime: crmBusinesses.dealTime,
  totalPrice: crmBusinesses.totalPrice,
  currency: crmBusinesses.currency,
  followUpStatus: crmBusinesses.followUpStatus,
  contactLastTime: crmBusinesses.contactLastTime,
  contactNextTime: crmBusinesses.contactNextTime,
  creationTime: crmBusinesses.creationTime,
};

type ItemRow = {
  [K in keyof typeof itemFields]: unknown;
} & Record<string, unknown>;

function toItem(ctx: Ctx, r: ItemRow): BusinessListItem {
  const endStatus = (r.endStatus as BusinessListItem['endStatus']) ?? null;
  return {
    id: r.id as string,
    name: r.name as string,
    customerId: r.customerId as string,
    customerName: r.customerName as string,
    ownerUserId: (r.ownerUserId as string | null) ?? null,
    ownerName: (r.ownerName as string | null) ?? null,
    statusTypeId: r.statusTypeId as string,
    statusId: (r.statusId as string | null) ?? null,
    statusName: r.statusName ? stageName(ctx.culture, r.statusName as string) : null,
    percent: endStatus === BusinessEndStatus.Win ? 100 : endStatus ? 0 : ((r.stagePercent as number | null) ?? 0),
    endStatus,
    endRemark: (r.endRemark as string | null) ?? null,
    endTime: (r.endTime as Date | null) ?? null,
    dealTime: (r.dealTime as Date | null) ?? null,
    totalPrice: new Decimal(r.totalPrice as string).toFixed(2),
    currency: r.currency as string,
    followUpStatus: r.followUpStatus as boolean,
    contactLastTime: (r.contactLastTime as Date | null) ?? null,
    contactNextTime: (r.contactNextTime as Date | null) ?? null,
    creationTime: r.creationTime as Date,
  };
}

const _sortable = {
  name: crmBusinesses.name,
  customerName: crmCustomers.name,
  totalPrice: crmBusinesses.totalPrice,
  dealTime: crmBusinesses.dealTime,
  endTime: crmBusinesses.endTime,
  contactNextTime: crmBusinesses.contactNextTime,
  creationTime: crmBusinesses.creationTime,
};

/** The businesses a viewer sees (through their customers), narrowed by the filters. */
function visible(ctx: Ctx, v: CustomerViewer, f: Partial<BusinessFilters>): SQL {
  return owned(
    ctx,
    crmBusinesses,
    eq(crmCustomers.isDeleted, false),
    customerScope(v, { includePool: true }),
    f.filter ? or(contains(crmBusinesses.name, f.filter), contains(crmCustomers.name, f.filter)) : undefined,
    f.statusTypeId ? eq(crmBusinesses.statusTypeId, f.statusTypeId) : undefined,
    f.statusId ? eq(crmBusinesses.statusId, f.statusId) : undefined,
    f.ownerUserId ? eq(crmBusinesses.ownerUserId, f.ownerUserId) : undefined,
    f.customerId ? eq(crmBusinesses.customerId, f.customerId) : undefined,
    f.endStatus === 0
      ? isNull(crmBusinesses.endStatus)
      : f.endStatus
        ? eq(crmBusinesses.endStatus, f.endStatus)
        : undefined,
  );
}

function selectItems(tx: Tx, where: SQL) {
  return tx
    .select({ ...itemFields, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(crmBusinesses)
    .innerJoin(crmCustomers, eq(crmCustomers.id, crmBusinesses.customerId))
    .leftJoin(crmBusinessStatuses, eq(crmBusinessStatuses.id, crmBusinesses.statusId))
    .where(where);
}

/**
 * The business list: the businesses of customers the viewer sees (`customerScope`, the pool's
 * too), with the customer's and stage's names joined for the page.
 */
export const businessListService = listService(businessList, {
  table: crmBusinesses,
  rows: (tx) =>
    tx
      .select(itemFields)
      .from(crmBusinesses)
      .innerJoin(crmCustomers, eq(crmCustomers.id, crmBusinesses.customerId))
      .leftJoin(crmBusinessStatuses, eq(crmBusinessStatuses.id, crmBusinesses.statusId))
      .$dynamic(),
  search: (text) =>
    or(contains(crmBusinesses.name, text), ofCustomer(crmBusinesses.customerId, contains(crmCustomers.name, text))),
  filters: {
    statusTypeId: crmBusinesses.statusTypeId,
    statusId: crmBusinesses.statusId,
    ownerUserId: crmBusinesses.ownerUserId,
    customerId: crmBusinesses.customerId,
    endStatus: (v: string) =>
      v === '0' ? isNull(crmBusinesses.endStatus) : eq(crmBusinesses.endStatus, Number(v) as 1 | 2 | 3),
  },
  sorts: {
    name: crmBusinesses.name,
    totalPrice: crmBusinesses.totalPrice,
    dealTime: crmBusinesses.dealTime,
    endTime: crmBusinesses.endTime,
    contactNextTime: crmBusinesses.contactNextTime,
    creationTime: crmBusinesses.creationTime,
  },
  scope: seenThroughCustomer(crmBusinesses.customerId),
  items: (_tx, ctx, rows: ItemRow[]) =>
    rows.map((r) => {
      const item = toItem(ctx as RequestContext, r);
      // the export's Stage column: the result once ended, else the stage
      const stage = item.endStatus ? t(ctx.culture, `CrmBusinesses::End:${item.endStatus}`) : item.statusName;
      return { ...item, stage };
    }),
});

/** Sums per currency, in a stable order. */
function amountsOf(rows: Array<{ currency: string; amount: string }>): BusinessAmount[] {
  const m = new Map<string, Decimal>();
  for (const r of rows) m.set(r.currency, (m.get(r.currency) ?? new Decimal(0)).plus(r.amount));
  return [...m.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amount: amount.toFixed(2) }));
}

async function groupCounts(tx: Tx, where: SQL) {
  return tx
    .select({
      statusId: crmBusinesses.statusId,
      endStatus: crmBusinesses.endStatus,
      currency: crmBusinesses.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<string>`sum(${crmBusinesses.totalPrice})::text`,
    })
    .from(crmBusinesses)
    .innerJoin(crmCustomers, eq(crmCustomers.id, crmBusinesses.customerId))
    .where(where)
    .groupBy(crmBusinesses.statusId, crmBusinesses.endStatus, crmBusinesses.currency);
}

function pickGroup(groups: BusinessStatusTypeDto[], id: string | undefined) {
  const group = id ? groups.find((g) => g.id === id) : groups[0];
  if (!group) throw fieldError('statusTypeId', 'CrmBusinesses::StageGroupNotFound', [id]);
  return group;
}

const closedError = () =>
  new AppError({
    status: 409,
    code: 'CrmBusinesses:Closed',
    messageKey: 'CrmBusinesses::Closed',
  });

/**
 * One business with its customer checked for `need`: 404 when the business is not the tenant's or
 * its customer is out of the viewer's sight (as if it did not exist), 403 when seen but not allowed.
 */
const loadBusiness = (tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, need: CustomerNeed, lock = false) =>
  loadThroughCustomer(tx, ctx, v, crmBusinesses, 'Business', id, need, { lock });

/** One business the viewer sees (through its customer), as the detail shows it. */
export async function getBusiness(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string): Promise<BusinessDto> {
  const { row, customer } = await loadBusiness(tx, ctx, v, id, 'read');
  const [item] = await selectItems(tx, owned(ctx, crmBusinesses, eq(crmBusinesses.id, id)));
  const products = await tx
    .select()
    .from(crmBusinessProducts)
    .where(eq(crmBusinessProducts.businessId, id))
    .orderBy(asc(crmBusinessProducts.sort));
  return {
    ...toItem(ctx, item!),
    totalProductPrice: new Decimal(row.totalProductPrice).toFixed(2),
    discountPercent: new Decimal(row.discountPercent).toFixed(2),
    remark: row.remark,
    creatorId: row.creatorId,
    canEdit: await mayDo(tx, v, customer, 'write'),
    products: products.map((p) => ({
      id: p.id,
      productId: p.productId,
      productName: p.productName,
      productSku: p.productSku,
      productPrice: new Decimal(p.productPrice).toFixed(2),
      businessPrice: new Decimal(p.businessPrice).toFixed(2),
      count: p.count,
      totalPrice: new Decimal(p.totalPrice).toFixed(2),
    })),
  };
}

interface PricedProduct {
  productId: string;
  productName: string;
  productSku: string;
  productPrice: string;
  businessPrice: string;
  count: number;
  totalPrice: string;
}

/**
 * The products of the input priced: each line's total is price × count; the business's total is
 * the lines' sum (or the given amount without products) less the discount, rounded half up to
 * cents. Products not of the tenant are a 400 naming the line.
 */
async function priced(tx: Tx, ctx: Ctx, input: BusinessInput) {
  const ids = [...new Set(input.products.map((p) => p.productId))];
  const found = ids.length
    ? await tx
        .select(productFields)
        .from(catalogProducts)
        .where(owned(ctx, catalogProducts, inArray(catalogProducts.id, ids)))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines: PricedProduct[] = input.products.map((p, i) => {
    const product = byId.get(p.productId);
    if (!product) throw fieldError(`products.${i}.productId`, 'CrmBusinesses::ProductNotFound', [p.productId]);
    const price = new Decimal(p.businessPrice);
    return {
      productId: product.id,
      productName: product.name.slice(0, 255),
      productSku: product.sku,
      productPrice: new Decimal(product.price).toFixed(2),
      businessPrice: price.toFixed(2),
      count: p.count,
      totalPrice: price.times(p.count).toFixed(2),
    };
  });
  const productTotal = lines.length
    ? lines.reduce((s, l) => s.plus(l.totalPrice), new Decimal(0))
    : new Decimal(input.totalProductPrice ?? '0');
  const discount = new Decimal(input.discountPercent ?? '0');
  const total = productTotal.times(new Decimal(100).minus(discount)).dividedBy(100);
  if (productTotal.greaterThanOrEqualTo('1e14')) throw fieldError('products', 'CrmBusinesses::TotalTooLarge');
  return {
    lines,
    totalProductPrice: productTotal.toFixed(2),
    discountPercent: discount.toFixed(2),
    totalPrice: total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/** The columns a business's form sets besides its customer, owner, name and stage: its money from `priced`. */
const formColumns = (input: BusinessInput, p: Awaited<ReturnType<typeof priced>>) => ({
  dealTime: input.dealTime,
  totalProductPrice: p.totalProductPrice,
  discountPercent: p.discountPercent,
  totalPrice: p.totalPrice,
  currency: input.currency,
  contactNextTime: input.contactNextTime,
  remark: input.remark,
});

async function checkOwner(tx: Tx, ctx: Ctx, id: string) {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(owned(ctx, users, eq(users.id, id)));
  if (!u) throw fieldError('ownerUserId', 'CrmBusinesses::OwnerNotFound', [id]);
}

/** The stage group and stage of the input, checked (400 naming the field), defaults filled. */
async function placeOf(tx: Tx, ctx: Ctx, typeId: string | undefined, statusId: string | undefined) {
  const groups = await ensureStageGroups(tx, ctx);
  const group = pickGroup(groups, typeId);
  if (statusId && !group.statuses.some((s) => s.id === statusId)) {
    throw fieldError('statusId', 'CrmBusinesses::StageNotInGroup', [statusId]);
  }
  return { statusTypeId: group.id, statusId: statusId ?? group.statuses[0]?.id ?? null };
}

async function writeProducts(tx: Tx, ctx: Ctx, businessId: string, lines: PricedProduct[]) {
  await tx.delete(crmBusinessProducts).where(eq(crmBusinessProducts.businessId, businessId));
  if (!lines.length) return;
  await tx
    .insert(crmBusinessProducts)
    .values(lines.map((l, i) => ({ tenantId: ctx.tenant?.id ?? null, businessId, ...l, sort: i + 1 })));
}

async function setRow(tx: Tx, ctx: Ctx, row: BusinessRow, values: Partial<BusinessRow>) {
  await tx
    .update(crmBusinesses)
    .set({ ...values, ...touched(ctx) })
    .where(eq(crmBusinesses.id, row.id));
}

/** The kanban: a column per stage of the group (open businesses), then won and lost, `take` cards each. */
export async function board(
  tx: Tx,
  ctx: Ctx,
  v: CustomerViewer,
  q: Omit<BusinessFilters, 'statusId' | 'endStatus'> & { take: number },
): Promise<BusinessBoardDto> {
  const group = pickGroup(await ensureStageGroups(tx, ctx), q.statusTypeId);
  const base = visible(ctx, v, { ...q, statusTypeId: group.id });
  const groups = await groupCounts(tx, base);
  const cards = (where: SQL, order: SQL[]) =>
    selectItems(tx, and(base, where)!)
      .orderBy(...order)
      .limit(q.take)
      .then((rows) => rows.map((r) => toItem(ctx, r)));
  const columns: BusinessBoardDto['columns'] = [];
  for (const s of group.statuses) {
    const mine = groups.filter((g) => g.endStatus === null && g.statusId === s.id);
    columns.push({
      key: s.id,
      statusId: s.id,
      name: s.displayName,
      percent: s.percent,
      count: mine.reduce((n, g) => n + g.count, 0),
      amounts: amountsOf(mine),
      items: await cards(and(isNull(crmBusinesses.endStatus), eq(crmBusinesses.statusId, s.id))!, [
        desc(crmBusinesses.totalPrice),
        asc(crmBusinesses.id),
      ]),
    });
  }
  for (const [key, end, percent] of [
    ['won', BusinessEndStatus.Win, 100],
    ['lost', BusinessEndStatus.Lose, 0],
  ] as const) {
    const mine = groups.filter((g) => g.endStatus === end);
    columns.push({
      key,
      statusId: null,
      name: key,
      percent,
      count: mine.reduce((n, g) => n + g.count, 0),
      amounts: amountsOf(mine),
      items: await cards(eq(crmBusinesses.endStatus, end), [desc(crmBusinesses.endTime), asc(crmBusinesses.id)]),
    });
  }
  return { statusType: group, columns };
}

/** The funnel of a stage group: open businesses per stage, won, lost, invalid and the win rate. */
export async function funnel(
  tx: Tx,
  ctx: Ctx,
  v: CustomerViewer,
  q: Pick<BusinessFilters, 'statusTypeId' | 'ownerUserId'>,
): Promise<BusinessFunnelDto> {
  const group = pickGroup(await ensureStageGroups(tx, ctx), q.statusTypeId);
  const groups = await groupCounts(tx, visible(ctx, v, { ...q, statusTypeId: group.id }));
  const ended = (end: number) => groups.filter((g) => g.endStatus === end);
  const count = (rows: typeof groups) => rows.reduce((n, g) => n + g.count, 0);
  const won = count(ended(BusinessEndStatus.Win));
  const lost = count(ended(BusinessEndStatus.Lose));
  return {
    statusTypeId: group.id,
    stages: group.statuses.map((s) => {
      const mine = groups.filter((g) => g.endStatus === null && g.statusId === s.id);
      return {
        statusId: s.id,
        name: s.displayName,
        percent: s.percent,
        count: count(mine),
        amounts: amountsOf(mine),
      };
    }),
    won: { count: won, amounts: amountsOf(ended(BusinessEndStatus.Win)) },
    lost: { count: lost, amounts: amountsOf(ended(BusinessEndStatus.Lose)) },
    invalid: { count: count(ended(BusinessEndStatus.Invalid)) },
    winRate:
      won + lost
        ? new Decimal(won)
            .times(100)
            .dividedBy(won + lost)
            .toFixed(1)
        : null,
  };
}

/** Creates a business on a customer the viewer may write; its id. */
export async function createBusiness(tx: Tx, ctx: Ctx, v: CustomerViewer, input: BusinessInput) {
  await loadCustomer(tx, v, input.customerId, 'write');
  const ownerUserId = input.ownerUserId ?? ctx.user?.id ?? null;
  if (input.ownerUserId) await checkOwner(tx, ctx, input.ownerUserId);
  const place = await placeOf(tx, ctx, input.statusTypeId, input.statusId);
  const p = await priced(tx, ctx, input);
  const [row] = await tx
    .insert(crmBusinesses)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      customerId: input.customerId,
      ownerUserId,
      name: input.name,
      ...place,
      ...formColumns(input, p),
      creatorId: ctx.user?.id ?? null,
    })
    .returning({ id: crmBusinesses.id });
  await writeProducts(tx, ctx, row!.id, p.lines);
  return row!.id;
}

/** Edits an open business (409 once it is closed), its products replaced as a whole. */
export async function updateBusiness(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, input: BusinessInput) {
  const { row } = await loadBusiness(tx, ctx, v, id, 'write', true);
  if (row.endStatus !== null) throw closedError();
  if (input.customerId !== row.customerId) await loadCustomer(tx, v, input.customerId, 'write');
  if (input.ownerUserId && input.ownerUserId !== row.ownerUserId) await checkOwner(tx, ctx, input.ownerUserId);
  const place = await placeOf(
    tx,
    ctx,
    input.statusTypeId ?? row.statusTypeId,
    input.statusId ??
      (input.statusTypeId && input.statusTypeId !== row.statusTypeId ? undefined : (row.statusId ?? undefined)),
  );
  const p = await priced(tx, ctx, input);
  await setRow(tx, ctx, row, {
    customerId: input.customerId,
    ownerUserId: input.ownerUserId ?? row.ownerUserId,
    name: input.name,
    ...place,
    ...formColumns(input, p),
  });
  await writeProducts(tx, ctx, id, p.lines);
}

export async function deleteBusiness(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string) {
  await loadBusiness(tx, ctx, v, id, 'write', true);
  await tx.delete(crmBusinesses).where(eq(crmBusinesses.id, id));
}

/** Moves an open business to another stage of its group (409 once it is closed). */
export async function moveBusiness(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, statusId: string) {
  const { row } = await loadBusiness(tx, ctx, v, id, 'write', true);
  if (row.endStatus !== null) throw closedError();
  const [stage] = await tx
    .select({ id: crmBusinessStatuses.id })
    .from(crmBusinessStatuses)
    .where(
      owned(
        ctx,
        crmBusinessStatuses,
        eq(crmBusinessStatuses.id, statusId),
        eq(crmBusinessStatuses.typeId, row.statusTypeId),
      ),
    );
  if (!stage) throw fieldError('statusId', 'CrmBusinesses::StageNotInGroup', [statusId]);
  if (row.statusId !== statusId) await setRow(tx, ctx, row, { statusId });
}

/**
 * Ends an open business: won, lost or invalid. A won business's customer becomes dealt, in the
 * same transaction (`customers.markDealt`).
 */
export async function closeBusiness(
  customers: Pick<CustomerCommands, 'markDealt'>,
  tx: Tx,
  ctx: Ctx,
  v: CustomerViewer,
  id: string,
  input: BusinessCloseInput,
) {
  const { row } = await loadBusiness(tx, ctx, v, id, 'write', true);
  if (row.endStatus !== null) throw closedError();
  await setRow(tx, ctx, row, { endStatus: input.endStatus, endRemark: input.endRemark, endTime: new Date() });
  if (input.endStatus === BusinessEndStatus.Win) await customers.markDealt(tx, ctx, row.customerId);
}

/** Customers the caller may add a business to (owned or on the team), by name. */
export async function customerOptions(tx: Tx, ctx: Ctx, v: CustomerViewer, filter?: string) {
  const rows = await tx
    .select({ id: crmCustomers.id, name: crmCustomers.name })
    .from(crmCustomers)
    .where(
      owned(
        ctx,
        crmCustomers,
        isNotNull(crmCustomers.ownerUserId),
        customerScope(v),
        filter ? contains(crmCustomers.name, filter) : undefined,
      ),
    )
    .orderBy(asc(crmCustomers.name))
    .limit(50);
  return { items: rows };
}

/** The tenant's active users, as owners to choose from. */
export async function ownerOptions(tx: Tx, ctx: Ctx) {
  const rows = await tx
    .select({ id: users.id, name: displayNameOf })
    .from(users)
    .where(owned(ctx, users, eq(users.isActive, true)))
    .orderBy(asc(users.userName))
    .limit(500);
  return { items: rows.map((r) => ({ id: r.id, name: r.name ?? '' })) };
}

/** Catalogue products by SKU or name, with their list price. */
export async function productOptions(tx: Tx, ctx: Ctx, _v: CustomerViewer, filter?: string) {
  const rows = await tx
    .select(productFields)
    .from(catalogProducts)
    .where(
      owned(
        ctx,
        catalogProducts,
        filter ? or(contains(catalogProducts.sku, filter), contains(catalogProducts.name, filter)) : undefined,
      ),
    )
    .orderBy(asc(catalogProducts.sku))
    .limit(50);
  return { items: rows.map((r) => ({ ...r, price: new Decimal(r.price).toFixed(2) })) };
}
