import { z } from 'zod';

/** Claims of a user or a role (ABP `IdentityUserClaimDto` / `IdentityRoleClaimDto`). */

export const claimDto = z.object({ id: z.string(), claimType: z.string(), claimValue: z.string() });
export type ClaimDto = z.infer<typeof claimDto>;
export const claimInput = z.object({
  claimType: z.string().trim().min(1).max(256),
  claimValue: z.string().max(1024).default(''),
});
export type ClaimInput = z.infer<typeof claimInput>;
export const claimUpdateInput = claimInput.extend({ newClaimValue: z.string().max(1024).default('') });
export type ClaimUpdateInput = z.infer<typeof claimUpdateInput>;
export const claimDeleteQuery = z.object({
  claimType: z.string().trim().min(1).max(256),
  claimValue: z.string().max(1024).default(''),
});
export type ClaimDeleteQuery = z.infer<typeof claimDeleteQuery>;
