import type { CurrentTenant } from '../../../core/context.ts';
import type { Services } from '../../../core/services.ts';

/** Demo data of follow-up records for tenant demo (idempotent). */
export async function seedDemo(_services: Services, _demo: CurrentTenant) {}
