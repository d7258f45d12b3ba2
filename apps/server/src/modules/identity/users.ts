import { and, eq, ne, or } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import { fieldError } from '../../core/errors.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { users } from './schema.ts';

/**
 * User name, e-mail and phone number must be free in the tenant (among users other than
 * `exceptUserId`); a taken one is a 400 naming the field. Read in the caller's unit (its tenant).
 */
export async function ensureUnique(
  tx: Tx,
  input: {
    userName: string;
    email?: string | null;
    phoneNumber?: string | null;
    exceptUserId?: string;
    emailMember?: string;
  },
) {
  const userName = normalizeName(input.userName);
  const email = input.email ? normalizeName(input.email) : null;
  const phone = input.phoneNumber || null;
  const rows = await tx
    .select({ userName: users.normalizedUserName, email: users.normalizedEmail, phone: users.phoneNumber })
    .from(users)
    .where(
      and(
        eq(users.isDeleted, false),
        input.exceptUserId ? ne(users.id, input.exceptUserId) : undefined,
        or(
          eq(users.normalizedUserName, userName),
          email ? eq(users.normalizedEmail, email) : undefined,
          phone ? eq(users.phoneNumber, phone) : undefined,
        ),
      ),
    );
  if (rows.some((r) => r.userName === userName)) {
    throw fieldError('userName', 'AbpIdentity::DuplicateUserName', [input.userName]);
  }
  if (email && rows.some((r) => r.email === email)) {
    throw fieldError(input.emailMember ?? 'email', 'AbpIdentity::DuplicateEmail', [input.email]);
  }
  if (phone && rows.some((r) => r.phone === phone)) {
    throw fieldError('phoneNumber', 'AbpIdentity::DuplicatePhoneNumber', [phone]);
  }
}
