import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import type { SimPlatform } from './accounts.ts';
import { simCodes, simTokens } from './schema.ts';
import { randomToken, type SimState } from './state.ts';

/** Authorization codes and tokens of both platforms (tables `marketsim_codes`, `marketsim_tokens`). */

export async function issueCode(
  tx: Tx,
  state: SimState,
  platform: SimPlatform,
  account: string,
  shopId: string | null,
): Promise<string> {
  const code = randomToken(platform === 'lazada' ? 'lzc' : 'spc').slice(0, 40);
  const expiresAt = new Date(Date.now() + state.faults[platform].codeSeconds * 1000);
  await tx.insert(simCodes).values({ code, platform, account, shopId, expiresAt });
  return code;
}

/** Uses a code once: its account and shop, or null (unknown, used or expired). */
export async function takeCode(tx: Tx, platform: SimPlatform, code: string) {
  const [row] = await tx
    .update(simCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(simCodes.code, code),
        eq(simCodes.platform, platform),
        isNull(simCodes.usedAt),
        gt(simCodes.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessSeconds: number;
  refreshSeconds: number;
}

export async function issueTokens(
  tx: Tx,
  state: SimState,
  platform: SimPlatform,
  account: string,
  shopId: string | null,
): Promise<IssuedTokens> {
  const f = state.faults[platform];
  const now = Date.now();
  const accessToken = randomToken(platform === 'lazada' ? '50000' : '').slice(0, 64);
  const refreshToken = randomToken(platform === 'lazada' ? '50001' : '').slice(0, 64);
  await tx.insert(simTokens).values([
    {
      token: accessToken,
      kind: 'access',
      platform,
      account,
      shopId,
      expiresAt: new Date(now + f.accessTokenSeconds * 1000),
    },
    {
      token: refreshToken,
      kind: 'refresh',
      platform,
      account,
      shopId,
      expiresAt: new Date(now + f.refreshTokenSeconds * 1000),
    },
  ]);
  return { accessToken, refreshToken, accessSeconds: f.accessTokenSeconds, refreshSeconds: f.refreshTokenSeconds };
}

/** A valid (unexpired) token of a kind, or null; `expired` tells an expired one from an unknown one. */
export async function findToken(tx: Tx, platform: SimPlatform, kind: 'access' | 'refresh', token: string) {
  const [row] = await tx
    .select()
    .from(simTokens)
    .where(and(eq(simTokens.token, token), eq(simTokens.platform, platform), eq(simTokens.kind, kind)))
    .limit(1);
  if (!row) return { row: null, expired: false, used: false };
  if (row.usedAt) return { row: null, expired: false, used: true };
  if (row.expiresAt.getTime() <= Date.now()) return { row: null, expired: true, used: false };
  return { row, expired: false, used: false };
}

/** Marks a refresh token used (Shopee's are single-use); false if another call used it first. */
export async function useRefreshToken(tx: Tx, token: string): Promise<boolean> {
  const rows = await tx
    .update(simTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(simTokens.token, token), isNull(simTokens.usedAt)))
    .returning({ token: simTokens.token });
  return rows.length === 1;
}
