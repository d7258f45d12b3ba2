import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { signingKeys } from '../../modules/identity-server/schema.ts';
import type { DataAccess } from '../data.ts';

const ALG = 'RS256';
type Key = CryptoKey | Uint8Array;

/**
 * The asymmetric key that signs access tokens. Created on first start and kept in the
 * database, so every server process signs and verifies with the same key.
 */
export class TokenKeys {
  readonly kid: string;
  readonly publicJwk: JWK;
  private privateKey: Key;
  private publicKey: Key;
  private verified = new Map<string, JWTPayload>();

  private constructor(kid: string, privateKey: Key, publicKey: Key, publicJwk: JWK) {
    this.kid = kid;
    this.privateKey = privateKey;
    this.publicKey = publicKey;
    this.publicJwk = publicJwk;
  }

  static async load(data: DataAccess): Promise<TokenKeys> {
    return data.unscoped(async (tx) => {
      let [row] = await tx.select().from(signingKeys).where(eq(signingKeys.active, true)).limit(1);
      if (!row) {
        const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true, modulusLength: 2048 });
        const kid = randomUUID().replaceAll('-', '');
        const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
        const privateJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: ALG });
        [row] = await tx
          .insert(signingKeys)
          .values({ kid, algorithm: ALG, publicJwk, privateJwk })
          .onConflictDoNothing()
          .returning();
      }
      const privateKey = (await importJWK(JSON.parse(row.privateJwk), ALG)) as Key;
      const publicKey = (await importJWK(row.publicJwk as JWK, ALG)) as Key;
      return new TokenKeys(row.kid, privateKey, publicKey, row.publicJwk as JWK);
    });
  }

  sign(claims: JWTPayload, opts: { issuer: string; audience?: string; expiresInSeconds: number }) {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: 'at+jwt' })
      .setIssuer(opts.issuer)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + opts.expiresInSeconds);
    if (opts.audience) jwt.setAudience(opts.audience);
    return jwt.sign(this.privateKey);
  }

  /**
   * Verifies signature and expiry; throws on anything else. A token verified once is
   * remembered until it expires (bounded), since the RSA check dominates a warm request;
   * revocation is checked separately on every request.
   */
  async verify(token: string): Promise<JWTPayload> {
    const hit = this.verified.get(token);
    if (hit && (hit.exp ?? 0) * 1000 > Date.now()) return hit;
    const { payload } = await jwtVerify(token, this.publicKey, { algorithms: [ALG] });
    if (this.verified.size >= 10_000) this.verified.clear();
    this.verified.set(token, payload);
    return payload;
  }

  jwks() {
    return { keys: [this.publicJwk] };
  }
}
