import type { claimDeleteQuery, claimInput, claimUpdateInput } from '@seller/contracts/identity';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type CrudContext, getOwned, insertOwned, owned, recordChange, updateOwned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { fieldError } from '../../core/errors.ts';
import { assertClaim } from './claim-types.ts';
import { roleClaims, roles, userClaims, users } from './schema.ts';

/**
 * Claims of a user or a role: the same list/add/update/delete rules for both owners, each
 * claim checked against its claim type. The owner must be in the caller's tenant (404).
 */
function claimsOf(
  owner: typeof users | typeof roles,
  ownerName: string,
  claims: typeof userClaims | typeof roleClaims,
) {
  const ownerColumn = 'userId' in claims ? claims.userId : claims.roleId;
  const ownerKey = 'userId' in claims ? 'userId' : 'roleId';
  const entity = `${ownerName}Claim`;

  const find = async (tx: Tx, ctx: CrudContext, ownerId: string, type: string, value: string) => {
    const [row] = await tx
      .select()
      .from(claims)
      .where(owned(ctx, claims, eq(ownerColumn, ownerId), eq(claims.claimType, type), eq(claims.claimValue, value)))
      .limit(1);
    return row ?? null;
  };

  return {
    list: async (tx: Tx, ctx: CrudContext, id: string) => {
      await getOwned(tx, ctx, owner, ownerName, id);
      const rows = await tx
        .select({ id: claims.id, claimType: claims.claimType, claimValue: claims.claimValue })
        .from(claims)
        .where(owned(ctx, claims, eq(ownerColumn, id)))
        .orderBy(asc(claims.claimType), asc(claims.claimValue));
      return { items: rows };
    },

    add: async (tx: Tx, ctx: CrudContext, id: string, input: z.infer<typeof claimInput>) => {
      await getOwned(tx, ctx, owner, ownerName, id);
      const type = await assertClaim(tx, ctx, input.claimType, input.claimValue, 'claimValue');
      if (await find(tx, ctx, id, type, input.claimValue)) {
        throw fieldError('claimValue', 'AbpIdentity::DuplicateClaim', [type, input.claimValue]);
      }
      await insertOwned(tx, ctx, claims, entity, { [ownerKey]: id, claimType: type, claimValue: input.claimValue });
    },

    update: async (tx: Tx, ctx: CrudContext, id: string, input: z.infer<typeof claimUpdateInput>) => {
      await getOwned(tx, ctx, owner, ownerName, id);
      const existing = await find(tx, ctx, id, input.claimType, input.claimValue);
      if (!existing) throw fieldError('claimValue', 'AbpIdentity::ClaimNotFound', [input.claimType, input.claimValue]);
      await assertClaim(tx, ctx, input.claimType, input.newClaimValue, 'newClaimValue');
      await updateOwned(tx, ctx, claims, entity, existing.id, { claimValue: input.newClaimValue });
    },

    remove: async (tx: Tx, ctx: CrudContext, id: string, input: z.infer<typeof claimDeleteQuery>) => {
      await getOwned(tx, ctx, owner, ownerName, id);
      const rows = await tx
        .delete(claims)
        .where(
          owned(
            ctx,
            claims,
            and(eq(ownerColumn, id), eq(claims.claimType, input.claimType), eq(claims.claimValue, input.claimValue)),
          ),
        )
        .returning();
      for (const r of rows) recordChange(ctx, entity, 2, r.id, r, {});
    },
  };
}

export const userClaimsService = claimsOf(users, 'IdentityUser', userClaims);
export const roleClaimsService = claimsOf(roles, 'IdentityRole', roleClaims);
