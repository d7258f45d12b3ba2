import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/errors.ts';
import { phoneCodes } from './schema.ts';

/**
 * One-time phone codes (contract §9): 6 digits, stored as a salted SHA-256 hash, bound to
 * one purpose (VerifyType), valid for 5 minutes, consumed on use, dead after 5 wrong tries.
 * Only the newest code of a phone and purpose counts.
 */
export const CODE_LIFETIME_SECONDS = 300;
export const MAX_CODE_ATTEMPTS = 5;

function hashCode(code: string, salt = randomBytes(16).toString('hex')) {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

/** The codes of one phone number and purpose. */
const codesOf = (phoneNumber: string, purpose: number) =>
  and(eq(phoneCodes.phoneNumber, phoneNumber), eq(phoneCodes.purpose, purpose));

function matches(code: string, stored: string) {
  const [salt] = stored.split('$');
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A new code for `phoneNumber` and `purpose`, refused when the previous one is younger
 * than the resend interval (`minutes`: setting `Abp.Identity.User.SmsRepetInterval`).
 */
export async function createPhoneCode(
  tx: Tx,
  ctx: Pick<RequestContext, 'tenant'>,
  phoneNumber: string,
  purpose: number,
  minutes: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  const [recent] = await tx
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(and(codesOf(phoneNumber, purpose), gt(phoneCodes.creationTime, new Date(now.getTime() - minutes * 60_000))))
    .limit(1);
  if (recent) {
    throw new AppError({
      status: 403,
      code: 'AbpAccount::SendRepeatPhoneVerifyCode',
      messageKey: 'AbpAccount::SendRepeatPhoneVerifyCode',
      params: [minutes],
      data: { interval: minutes },
    });
  }
  // Older codes of this purpose are superseded; expired ones are cleared out.
  await tx
    .update(phoneCodes)
    .set({ consumedAt: now })
    .where(and(codesOf(phoneNumber, purpose), isNull(phoneCodes.consumedAt)));
  await tx.delete(phoneCodes).where(lt(phoneCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
  await tx.insert(phoneCodes).values({
    tenantId: ctx.tenant?.id ?? null,
    phoneNumber,
    purpose,
    codeHash: hashCode(code),
    creationTime: now,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_SECONDS * 1000),
  });
  return code;
}

/**
 * Checks and consumes the current code; a wrong code counts one try, in the caller's unit, which
 * must commit for the try to count (a refusal is raised after it: see `accountCommands`).
 */
export async function verifyPhoneCode(tx: Tx, phoneNumber: string, purpose: number, code: string): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(phoneCodes)
    .where(
      and(
        codesOf(phoneNumber, purpose),
        isNull(phoneCodes.consumedAt),
        gt(phoneCodes.expiresAt, new Date()),
        lt(phoneCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(phoneCodes.creationTime))
    .limit(1);
  if (!row) return false;
  if (!/^\d{6}$/.test(code) || !matches(code, row.codeHash)) {
    await tx
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(eq(phoneCodes.id, row.id));
    return false;
  }
  const consumed = await tx
    .update(phoneCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.consumedAt)))
    .returning({ id: phoneCodes.id });
  return consumed.length > 0;
}
