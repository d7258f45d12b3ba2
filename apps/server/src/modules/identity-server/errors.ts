/**
 * An OAuth 2.0 error reply of `/connect/*`: `{ error, error_description }` with HTTP 400
 * (401 for `invalid_client`), not the ABP envelope. `descriptionKey` is an `AbpOpenIddict` text.
 */
export class OAuthError extends Error {
  readonly error: string;
  readonly descriptionKey: string;
  readonly params: unknown[];
  readonly status: number;

  constructor(error: string, descriptionKey: string, params: unknown[] = []) {
    super(error);
    this.error = error;
    this.descriptionKey = `AbpOpenIddict::${descriptionKey}`;
    this.params = params;
    this.status = error === 'invalid_client' ? 401 : 400;
  }
}

export const invalidGrant = (key: string) => new OAuthError('invalid_grant', key);
export const invalidRequest = (parameter: string) => new OAuthError('invalid_request', 'MissingParameter', [parameter]);
export const invalidClient = () => new OAuthError('invalid_client', 'InvalidClient');
