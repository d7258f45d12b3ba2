import type { CurrentTenant } from '../../../core/context.ts';
import type { Services } from '../../../core/services.ts';

/** Demo data of a customer's addresses, bank accounts, social accounts and subscriptions for tenant demo (idempotent). */
export async function seedDemo(_services: Services, _demo: CurrentTenant) {}
