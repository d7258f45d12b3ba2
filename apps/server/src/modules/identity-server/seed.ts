import { eq } from 'drizzle-orm';
import { API_RESOURCE } from '../../core/auth/access-tokens.ts';
import type { Services } from '../../core/services.ts';
import { hashPassword } from '../identity/index.ts';
import { apiResources, clients, identityResources } from './schema.ts';

/** The API every access token is for (platform/auth); its scope lets a client ask for it. */
export { API_RESOURCE };
export const WEB_CLIENT_ID = 'web-admin';
export const SERVICE_CLIENT_ID = 'seller-service';
export const DEFAULT_SERVICE_CLIENT_SECRET = '1q2w3e*';

const identityResourceSeeds = [
  { name: 'openid', displayName: 'Your user identifier', required: true, userClaims: ['sub'] },
  {
    name: 'profile',
    displayName: 'User profile',
    emphasize: true,
    userClaims: ['name', 'family_name', 'given_name', 'preferred_username', 'updated_at'],
  },
  { name: 'email', displayName: 'Your email address', emphasize: true, userClaims: ['email', 'email_verified'] },
  {
    name: 'phone',
    displayName: 'Your phone number',
    emphasize: true,
    userClaims: ['phone_number', 'phone_number_verified'],
  },
  { name: 'roles', displayName: 'Roles of the user', userClaims: ['role'] },
];

/**
 * OAuth clients `web-admin` (public: password, phone_verify, refresh_token) and
 * `seller-service` (confidential, client_credentials, secret from SERVICE_CLIENT_SECRET,
 * stored hashed, no permissions until granted with provider `C`), the standard identity
 * resources and the API resource. Idempotent: existing rows are left alone.
 */
export async function seedClients(services: Services) {
  const userScopes = [...identityResourceSeeds.map((r) => r.name), 'offline_access', API_RESOURCE];
  const existing = async (clientId: string) =>
    (
      await services.data.unscoped((tx) =>
        tx.select({ id: clients.id }).from(clients).where(eq(clients.clientId, clientId)).limit(1),
      )
    ).length > 0;

  const serviceSecret = (await existing(SERVICE_CLIENT_ID))
    ? null
    : await hashPassword(process.env.SERVICE_CLIENT_SECRET || DEFAULT_SERVICE_CLIENT_SECRET);

  await services.data.unscoped(async (tx) => {
    await tx
      .insert(identityResources)
      .values(identityResourceSeeds.map((r) => ({ ...r, showInDiscoveryDocument: true })))
      .onConflictDoNothing();
    await tx
      .insert(apiResources)
      .values({ name: API_RESOURCE, displayName: 'Seller admin API', scopes: [API_RESOURCE], userClaims: ['role'] })
      .onConflictDoNothing();
    await tx
      .insert(clients)
      .values({
        clientId: WEB_CLIENT_ID,
        clientName: 'Seller admin web app',
        requireClientSecret: false,
        allowedGrantTypes: ['password', 'phone_verify', 'refresh_token'],
        allowedScopes: userScopes,
        accessTokenLifetime: 3600,
        absoluteRefreshTokenLifetime: 30 * 86400,
        slidingRefreshTokenLifetime: 15 * 86400,
        refreshTokenUsage: 1,
      })
      .onConflictDoNothing();
    if (serviceSecret) {
      await tx
        .insert(clients)
        .values({
          clientId: SERVICE_CLIENT_ID,
          clientName: 'Seller back-end service',
          requireClientSecret: true,
          clientSecrets: [{ type: 'SharedSecret', value: serviceSecret, description: 'Default' }],
          allowedGrantTypes: ['client_credentials'],
          allowedScopes: [API_RESOURCE],
          accessTokenLifetime: 3600,
        })
        .onConflictDoNothing();
    }
  });
}
