import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A site's credentials for the Storefront API. The publishable key `pk_<tenant>_<keyId>` names the
 * tenant (its id, base64url) so the API finds the tenant's database before it looks the site up,
 * and a random part that is the site's; it is not a secret. The secret `sk_<random>` has 256 bits
 * of entropy, so its SHA-256 is stored (a slow hash buys nothing against a random value) and
 * compared in constant time.
 */

const PUBLISHABLE = /^pk_([A-Za-z0-9_-]{22})_([A-Za-z0-9_-]{16,32})$/;

export const newKeyId = () => randomBytes(16).toString('base64url');

export function publishableKey(tenantId: string, keyId: string): string {
  return `pk_${Buffer.from(tenantId.replaceAll('-', ''), 'hex').toString('base64url')}_${keyId}`;
}

/** The tenant id and key id a publishable key names; null for anything else. */
export function parsePublishableKey(key: string): { tenantId: string; keyId: string } | null {
  const m = PUBLISHABLE.exec(key);
  if (!m) return null;
  const hex = Buffer.from(m[1]!, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const tenantId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { tenantId, keyId: m[2]! };
}

export const newSecret = () => `sk_${randomBytes(32).toString('base64url')}`;

export const secretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** `sk_…1a2B`: how a secret is shown after it was issued. */
export const secretHint = (last4: string | null) => (last4 ? `sk_…${last4}` : '');

/** Whether `secret` hashes to `hash` (constant time). */
export function secretMatches(secret: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(secretHash(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
