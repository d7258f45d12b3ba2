import { eq } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { refusal } from '../refusals.ts';
import { type CartRow, carts } from './schema.ts';

/**
 * The back-office's "send a recovery notice" on an abandoned cart with an e-mail: recorded on the
 * cart (when, so it is not sent twice by two people). No mail server is configured in the product,
 * so the notice is the record and the cart's storefront link; sending mail is a deployment's hook.
 */
export async function sendRecoveryNotice(tx: Tx, _ctx: CrudContext, cart: CartRow): Promise<CartRow> {
  if (cart.status !== 'ABANDONED') throw refusal('RecoveryNotAbandoned');
  if (!cart.email) throw refusal('RecoveryWithoutContact');
  const [after] = await tx.update(carts).set({ recoveryNoticeAt: new Date() }).where(eq(carts.id, cart.id)).returning();
  return after!;
}
