import { eq } from 'drizzle-orm';
import { API_RESOURCE } from '../../core/auth/access-tokens.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { verifyPassword } from '../identity/index.ts';
import { invalidClient, OAuthError } from './errors.ts';
import { apiResources, clients, identityResources } from './schema.ts';

export type Client = typeof clients.$inferSelect;

/** Credentials presented by the caller: form fields or HTTP Basic (RFC 6749 §2.3.1). */
export interface ClientCredentials {
  clientId?: string;
  clientSecret?: string;
}

/** `Authorization: Basic base64(urlencode(id):urlencode(secret))` → credentials, else null. */
export function basicCredentials(header: string | undefined): ClientCredentials | null {
  if (!header?.toLowerCase().startsWith('basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  if (sep < 0) return null;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, sep).replaceAll('+', ' ')),
      clientSecret: decodeURIComponent(decoded.slice(sep + 1).replaceAll('+', ' ')),
    };
  } catch {
    return null;
  }
}

/**
 * The enabled client named by `credentials`, with its secret checked when it is
 * confidential. Anything wrong is `invalid_client` (401) without saying what. Read before the
 * request's unit of work, in a read of its own: the secret's hash check holds no connection.
 */
export async function authenticateClient(services: Services, credentials: ClientCredentials): Promise<Client> {
  const { clientId } = credentials;
  if (!clientId) throw invalidClient();
  const client = await services.data.unscoped((tx) => findClient(tx, clientId));
  if (!client?.enabled) throw invalidClient();
  if (!client.requireClientSecret) return client;
  if (!credentials.clientSecret) throw invalidClient();
  const now = Date.now();
  for (const secret of client.clientSecrets) {
    if (secret.expiration && Date.parse(secret.expiration) < now) continue;
    if (await verifyPassword(credentials.clientSecret, secret.value)) return client;
  }
  throw invalidClient();
}

export async function findClient(tx: Tx, clientId: string): Promise<Client | null> {
  const [client] = await tx.select().from(clients).where(eq(clients.clientId, clientId)).limit(1);
  return client ?? null;
}

export function ensureGrantAllowed(client: Client, grantType: string) {
  if (!client.allowedGrantTypes.includes(grantType)) {
    throw new OAuthError('unauthorized_client', 'UnauthorizedClient', [grantType]);
  }
}

/** Scopes the server knows: enabled identity resources, API resource scopes, `offline_access`. */
async function knownScopes(tx: Tx): Promise<Set<string>> {
  const [ids, apis] = await Promise.all([
    tx.select({ name: identityResources.name, enabled: identityResources.enabled }).from(identityResources),
    tx.select({ scopes: apiResources.scopes, enabled: apiResources.enabled }).from(apiResources),
  ]);
  const known = new Set<string>(['offline_access']);
  for (const r of ids) if (r.enabled) known.add(r.name);
  for (const r of apis) if (r.enabled) for (const s of r.scopes) known.add(s);
  return known;
}

/**
 * The token's audiences: the API resources whose scopes are among `scopes`. A token asking for
 * no API resource (identity scopes only, as the web app signs in) is for this server's own API,
 * the one every token it accepts must name; a token asking only for another API resource is not
 * accepted here.
 */
export async function audiencesFor(tx: Tx, scopes: string[]): Promise<string[]> {
  const rows = await tx
    .select({ name: apiResources.name, scopes: apiResources.scopes, enabled: apiResources.enabled })
    .from(apiResources);
  const named = rows.filter((r) => r.enabled && r.scopes.some((s) => scopes.includes(s))).map((r) => r.name);
  return named.length ? named : [API_RESOURCE];
}

/**
 * The scopes of the token: the requested ones (space-separated), or every scope the client
 * may ask for when none is named. Each must be allowed for the client and known.
 */
export async function resolveScopes(tx: Tx, client: Client, requested: string | undefined) {
  const scopes = requested?.trim() ? [...new Set(requested.trim().split(/\s+/))] : [...client.allowedScopes];
  const known = await knownScopes(tx);
  for (const scope of scopes) {
    if (!client.allowedScopes.includes(scope) || !known.has(scope)) {
      throw new OAuthError('invalid_scope', 'InvalidScope', [scope]);
    }
  }
  return scopes;
}
