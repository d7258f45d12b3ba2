import type { Services } from '../../app.ts';
import type { CurrentTenant } from '../../platform/context.ts';

/** Menu entries for the pages that exist, for a tenant or the host. */
export async function seedMenus(_services: Services, _tenant: CurrentTenant | null) {}
