import { AppError } from '../../core/errors.ts';

/** A rule of the storefront broken: `status` with the localized `Sitekit::<key>` filled from `params` ({0}, {1}). */
export const refusal = (key: string, params: unknown[] = [], status = 409) =>
  new AppError({ status, code: `Sitekit:${key}`, messageKey: `Sitekit::${key}`, params });
