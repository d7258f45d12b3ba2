import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { DataAccess } from '../../core/data.ts';
import { signingKeys } from './schema.ts';

const ALG = 'RS256';
/** RFC 9068 access token type: no other JWT signed with the key passes for one. */
const TYP = 'at+jwt';
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

  sign(claims: JWTPayload, opts: { issuer: string; audience: string | string[]; expiresInSeconds: number }) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: TYP })
      .setIssuer(opts.issuer)
      .setAudience(opts.audience)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + opts.expiresInSeconds)
      .sign(this.privateKey);
  }

  /**
   * Verifies signature, type, expiry (required), audience (one of `audiences`) and issuer
   * (`acceptsIssuer`); throws on anything else. Callers go through `verifyAccessToken`, which
   * adds the session rules. A token whose signature checked once is remembered until it
   * expires (bounded), since the RSA check dominates a warm request; the claim checks run on
   * every call.
   */
  async verify(
    token: string,
    expected: { audiences: readonly string[]; acceptsIssuer: (iss: string) => boolean },
  ): Promise<JWTPayload> {
    let payload = this.verified.get(token);
    if (!payload) {
      ({ payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [ALG],
        typ: TYP,
        requiredClaims: ['exp', 'iss', 'aud', 'jti'],
      }));
      if (this.verified.size >= 10_000) this.verified.clear();
      this.verified.set(token, payload);
    }
    const { exp, iss, aud } = payload;
    if (typeof exp !== 'number' || exp * 1000 <= Date.now()) throw new Error('token expired');
    if (typeof iss !== 'string' || !expected.acceptsIssuer(iss)) throw new Error('unexpected issuer');
    const audiences = Array.isArray(aud) ? aud : [aud];
    if (!audiences.some((a) => typeof a === 'string' && expected.audiences.includes(a))) {
      throw new Error('not for this API');
    }
    return payload;
  }

  jwks() {
    return { keys: [this.publicJwk] };
  }
}
