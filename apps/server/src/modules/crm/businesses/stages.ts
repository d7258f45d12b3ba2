import type { Culture } from '@seller/contracts';
import type { BusinessStatusTypeDto, BusinessStatusTypeInput } from '@seller/contracts/crm';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CurrentTenant, RequestContext } from '../../../core/context.ts';
import { type CrudContext, owned, takeTurns } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError, notFound } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import type { Services } from '../../../core/services.ts';
import { crmBusinesses, crmBusinessStatuses, crmBusinessStatusTypes } from './schema.ts';

type Input = BusinessStatusTypeInput;

/**
 * The default stage group every tenant starts with (domain §6.5 "标准流程"). Names are stored in
 * Chinese, the product's first language; the pages show them through `CrmBusinesses::Stage:<name>`
 * texts when one exists, so English users read them in English until someone renames them.
 */
export const defaultStageGroup = {
  name: '标准流程',
  statuses: [
    { name: '初步接触', percent: 10 },
    { name: '需求分析', percent: 20 },
    { name: '方案制定', percent: 30 },
    { name: '商务谈判', percent: 60 },
    { name: '合同签订', percent: 80 },
  ],
};

/** A stored stage or group name in `culture`: its text when the default group's names have one. */
export function stageName(culture: Culture, name: string): string {
  const key = `Stage:${name}`;
  const text = t(culture, `CrmBusinesses::${key}`);
  return text === key ? name : text;
}

export type StageCtx = CrudContext & Pick<RequestContext, 'culture'>;

async function readTypes(tx: Tx, ctx: StageCtx, ids?: string[]): Promise<BusinessStatusTypeDto[]> {
  const types = await tx
    .select()
    .from(crmBusinessStatusTypes)
    .where(owned(ctx, crmBusinessStatusTypes, ids ? inArray(crmBusinessStatusTypes.id, ids) : undefined))
    .orderBy(asc(crmBusinessStatusTypes.sort), asc(crmBusinessStatusTypes.creationTime));
  if (!types.length) return [];
  const stages = await tx
    .select()
    .from(crmBusinessStatuses)
    .where(
      inArray(
        crmBusinessStatuses.typeId,
        types.map((x) => x.id),
      ),
    )
    .orderBy(asc(crmBusinessStatuses.sort));
  return types.map((type) => ({
    id: type.id,
    name: type.name,
    displayName: stageName(ctx.culture, type.name),
    sort: type.sort,
    statuses: stages
      .filter((s) => s.typeId === type.id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        displayName: stageName(ctx.culture, s.name),
        percent: s.percent,
        sort: s.sort,
      })),
  }));
}

/**
 * The tenant's stage groups, creating the default one first when it has none (the tenant seed of
 * a new tenant, and lazily for tenants created before businesses existed). Writers take turns, so
 * two first visits create one group.
 */
export async function ensureStageGroups(tx: Tx, ctx: StageCtx): Promise<BusinessStatusTypeDto[]> {
  const existing = await readTypes(tx, ctx);
  if (existing.length) return existing;
  await takeTurns(tx, ctx, crmBusinessStatusTypes);
  const again = await readTypes(tx, ctx);
  if (again.length) return again;
  const tenantId = ctx.tenant?.id ?? null;
  const [type] = await tx
    .insert(crmBusinessStatusTypes)
    .values({ tenantId, name: defaultStageGroup.name, sort: 0, creatorId: ctx.user?.id ?? null })
    .returning({ id: crmBusinessStatusTypes.id });
  await tx
    .insert(crmBusinessStatuses)
    .values(defaultStageGroup.statuses.map((s, i) => ({ tenantId, typeId: type!.id, ...s, sort: i + 1 })));
  return readTypes(tx, ctx);
}

/** Seeds the default stage group of a tenant (idempotent). */
export async function seedStageGroups(services: Services, tenant: CurrentTenant) {
  const ctx: StageCtx = { tenant, user: null, culture: 'zh-Hans' };
  await services.data.inTenant(ctx, (tx) => ensureStageGroups(tx, ctx));
}

const stageGroupInUse = () =>
  new AppError({ status: 409, code: 'CrmBusinesses:StageInUse', messageKey: 'CrmBusinesses::StageInUse' });

async function writeStages(tx: Tx, ctx: CrudContext, typeId: string, input: Input) {
  const current = await tx.select().from(crmBusinessStatuses).where(eq(crmBusinessStatuses.typeId, typeId));
  const known = new Set(current.map((s) => s.id));
  input.statuses.forEach((s, i) => {
    if (s.id && !known.has(s.id)) throw fieldError(`statuses.${i}.id`, 'CrmBusinesses::StageNotFound', [s.id]);
  });
  const kept = new Set(input.statuses.map((s) => s.id).filter(Boolean));
  const dropped = current.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (dropped.length) {
    const used = await firstOwnedId(tx, ctx, crmBusinesses, inArray(crmBusinesses.statusId, dropped));
    if (used) throw stageGroupInUse();
    await tx.delete(crmBusinessStatuses).where(inArray(crmBusinessStatuses.id, dropped));
  }
  const tenantId = ctx.tenant?.id ?? null;
  for (const [i, s] of input.statuses.entries()) {
    if (s.id) {
      await tx
        .update(crmBusinessStatuses)
        .set({ name: s.name, percent: s.percent, sort: i + 1 })
        .where(eq(crmBusinessStatuses.id, s.id));
    } else {
      await tx.insert(crmBusinessStatuses).values({ tenantId, typeId, name: s.name, percent: s.percent, sort: i + 1 });
    }
  }
}

async function loadType(tx: Tx, ctx: CrudContext, id: string) {
  const [row] = await tx
    .select()
    .from(crmBusinessStatusTypes)
    .where(owned(ctx, crmBusinessStatusTypes, eq(crmBusinessStatusTypes.id, id)))
    .for('update');
  if (!row) throw notFound('BusinessStatusType', id);
  return row;
}

/** The tenant's stage groups (the default one created when missing). */
export const stageGroups = async (tx: Tx, ctx: StageCtx) => ({ items: await ensureStageGroups(tx, ctx) });

/** One stage group with its stages (the caller has just written it). */
export const stageGroup = async (tx: Tx, ctx: StageCtx, id: string) => (await readTypes(tx, ctx, [id]))[0]!;

/** Creates a stage group with its stages; its id. */
export async function createStageGroup(tx: Tx, ctx: StageCtx, input: BusinessStatusTypeInput) {
  const v = input;
  // a new group has no stages yet: any id names a stage that is not in it
  const given = v.statuses.findIndex((s) => s.id);
  if (given >= 0) throw fieldError(`statuses.${given}.id`, 'CrmBusinesses::StageNotFound', [v.statuses[given]!.id]);
  const [type] = await tx
    .insert(crmBusinessStatusTypes)
    .values({ tenantId: ctx.tenant?.id ?? null, name: v.name, sort: v.sort, creatorId: ctx.user?.id ?? null })
    .returning({ id: crmBusinessStatusTypes.id });
  await writeStages(tx, ctx, type!.id, v);
  return type!.id;
}

/** Replaces a stage group's name, order and stages. */
export async function updateStageGroup(tx: Tx, ctx: StageCtx, id: string, input: BusinessStatusTypeInput) {
  const v = input;
  await loadType(tx, ctx, id);
  await tx
    .update(crmBusinessStatusTypes)
    .set({
      name: v.name,
      sort: v.sort,
      lastModificationTime: new Date(),
      lastModifierId: ctx.user?.id ?? null,
      concurrencyStamp: sql`md5(random()::text)`,
    })
    .where(eq(crmBusinessStatusTypes.id, id));
  await writeStages(tx, ctx, id, v);
}

/** Deletes a stage group no business uses (409 otherwise). */
export async function deleteStageGroup(tx: Tx, ctx: StageCtx, id: string) {
  await loadType(tx, ctx, id);
  const used = await firstOwnedId(tx, ctx, crmBusinesses, eq(crmBusinesses.statusTypeId, id));
  if (used) throw stageGroupInUse();
  await tx.delete(crmBusinessStatusTypes).where(and(eq(crmBusinessStatusTypes.id, id)));
}
