import { type ClaimTypeInput, claimTypeList, type claimTypeUpdateInput } from '@seller/contracts/identity';
import { asc, desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type CrudContext, deleteOwned, getOwned, insertOwned, owned, updateOwned } from '../../core/crud.ts';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { AppError, businessError, fieldError, type ValidationErrorItem } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import { firstOwnedId } from '../../core/owned-rows.ts';
import { ownedItems } from './owned-items.ts';
import { claimTypes } from './schema.ts';

/** Claim types (`/api/identity/claim-types`) and the check of a claim against its type. */
export const CLAIM_TYPE = 'IdentityClaimType';
type ClaimType = typeof claimTypes.$inferSelect;

const VALUE_TYPE_NAMES = ['String', 'Int', 'Boolean', 'DateTime'];

export const toClaimTypeDto = (c: ClaimType) => ({
  id: c.id,
  name: c.name,
  required: c.required,
  isStatic: c.isStatic,
  regex: c.regex,
  regexDescription: c.regexDescription,
  description: c.description,
  valueType: c.valueType,
  valueTypeAsString: VALUE_TYPE_NAMES[c.valueType] ?? 'String',
  concurrencyStamp: c.concurrencyStamp,
  creationTime: c.creationTime,
});

/** Standard claim types every tenant starts with (static: cannot be changed or deleted). */
export const STATIC_CLAIM_TYPES: { name: string; description: string; valueType?: number; regex?: string }[] = [
  { name: 'given_name', description: 'Given name' },
  { name: 'family_name', description: 'Family name' },
  { name: 'email', description: 'E-mail address' },
  { name: 'phone_number', description: 'Phone number' },
  { name: 'role', description: 'Role name' },
  { name: 'birthdate', description: 'Date of birth', valueType: 3 },
];

export async function seedClaimTypes(tx: Tx, tenantId: string | null) {
  await tx
    .insert(claimTypes)
    .values(
      STATIC_CLAIM_TYPES.map((c) => ({
        tenantId,
        name: c.name,
        description: c.description,
        valueType: c.valueType ?? 0,
        regex: c.regex ?? null,
        isStatic: true,
      })),
    )
    .onConflictDoNothing();
}

/** Sort keys (declared apart: the kit's `SortKeys` type does not see the columns' `sort: true`). */
const claimTypeSorts = {
  name: claimTypes.name,
  valueType: claimTypes.valueType,
  required: claimTypes.required,
  isStatic: claimTypes.isStatic,
  creationTime: claimTypes.creationTime,
};

/** The claim types list (`claimTypeList`): the filter looks in the name and the description. */
export const claimTypeListService = listService(claimTypeList, {
  table: claimTypes,
  search: [claimTypes.name, claimTypes.description],
  filters: {},
  sorts: claimTypeSorts,
  items: (_tx, _ctx, rows: ClaimType[]) => rows.map(toClaimTypeDto),
});

export const allClaimTypes = (tx: Tx, ctx: CrudContext) =>
  ownedItems(tx, ctx, claimTypes, [desc(claimTypes.isStatic), asc(claimTypes.name)], toClaimTypeDto);

export async function getClaimType(tx: Tx, ctx: CrudContext, id: string) {
  return toClaimTypeDto(await getOwned(tx, ctx, claimTypes, CLAIM_TYPE, id));
}

async function assertUniqueName(tx: Tx, ctx: CrudContext, name: string, exceptId?: string) {
  const clash = await firstOwnedId(
    tx,
    ctx,
    claimTypes,
    sql`lower(${claimTypes.name}) = lower(${name})`,
    exceptId ? sql`${claimTypes.id} <> ${exceptId}` : undefined,
  );
  if (clash) throw fieldError('name', 'AbpIdentity::DuplicateClaimType', [name]);
}

const values = (input: ClaimTypeInput) => ({
  name: input.name,
  required: input.required,
  regex: input.regex ?? null,
  regexDescription: input.regexDescription ?? null,
  description: input.description ?? null,
  valueType: input.valueType,
});

export async function createClaimType(tx: Tx, ctx: CrudContext, input: ClaimTypeInput) {
  await assertUniqueName(tx, ctx, input.name);
  return toClaimTypeDto(await insertOwned(tx, ctx, claimTypes, CLAIM_TYPE, { ...values(input), isStatic: false }));
}

/** Static claim types cannot be changed (ABP `StaticClaimTypeChange`). */
export async function updateClaimType(
  tx: Tx,
  ctx: CrudContext,
  id: string,
  input: z.infer<typeof claimTypeUpdateInput>,
) {
  const current = await getOwned(tx, ctx, claimTypes, CLAIM_TYPE, id);
  if (current.isStatic) throw businessError('AbpIdentity::StaticClaimTypeChange');
  await assertUniqueName(tx, ctx, input.name, id);
  return toClaimTypeDto(await updateOwned(tx, ctx, claimTypes, CLAIM_TYPE, id, values(input), input.concurrencyStamp));
}

export async function deleteClaimType(tx: Tx, ctx: CrudContext, id: string) {
  const current = await getOwned(tx, ctx, claimTypes, CLAIM_TYPE, id);
  if (current.isStatic) throw businessError('AbpIdentity::StaticClaimTypeDeletion', { Name: current.name });
  await deleteOwned(tx, ctx, claimTypes, CLAIM_TYPE, id);
}

/** Why `value` does not fit `type` (a text key), or null when it does. */
export function claimValueError(type: ClaimType, value: string): string | null {
  if (!value) return type.required ? 'AbpIdentity::ClaimValueRequired' : null;
  switch (type.valueType) {
    case 1:
      if (!/^-?\d+$/.test(value)) return 'AbpIdentity::ClaimValueNotInt';
      break;
    case 2:
      if (!/^(true|false)$/i.test(value)) return 'AbpIdentity::ClaimValueNotBoolean';
      break;
    case 3:
      if (Number.isNaN(Date.parse(value))) return 'AbpIdentity::ClaimValueNotDateTime';
      break;
  }
  if (type.regex) {
    let ok = true;
    try {
      ok = new RegExp(type.regex).test(value);
    } catch {
      ok = true;
    }
    if (!ok) return 'AbpIdentity::ClaimValueNotMatch';
  }
  return null;
}

/**
 * 400 unless `claimType` is a known claim type of the tenant and `value` fits it
 * (required, value type, regex). `valueMember` names the value field in the request.
 */
export async function assertClaim(tx: DbOrTx, ctx: CrudContext, claimType: string, value: string, valueMember: string) {
  const [type] = await tx
    .select()
    .from(claimTypes)
    .where(owned(ctx, claimTypes, sql`lower(${claimTypes.name}) = lower(${claimType})`))
    .limit(1);
  if (!type) throw fieldError('claimType', 'AbpIdentity::UnknownClaimType', [claimType]);
  const error = claimValueError(type, value);
  if (error) {
    const item: ValidationErrorItem = {
      message: error,
      members: [valueMember],
      params: [type.name, type.regexDescription || type.regex || ''],
    };
    throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: [item] });
  }
  return type.name;
}
