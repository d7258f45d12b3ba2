import type { ownerRecordKinds } from '@seller/contracts/crm';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { crmOwnerRecords } from './schema.ts';

/** Writes an owner trail row (every owner change writes one, in the change's transaction). */
export async function addOwnerRecord(
  tx: Tx,
  ctx: Pick<CrudContext, 'tenant' | 'user'>,
  customerId: string,
  kind: (typeof ownerRecordKinds)[number],
  fromUserId: string | null,
  toUserId: string | null,
  reason: string | null = null,
) {
  await tx.insert(crmOwnerRecords).values({
    tenantId: ctx.tenant?.id ?? null,
    customerId,
    kind,
    fromUserId,
    toUserId,
    reason,
    byUserId: ctx.user?.id ?? null,
  });
}
