import type { GatherInput, GatherStatus } from '@seller/contracts/catalog';
import { eq } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { samplesFetcher } from './fetcher.ts';
import { parsePage } from './parsers.ts';
import { samplePages } from './samples/pages.ts';
import { gathers } from './schema.ts';
import { type Actor, insertGather, writeLog } from './service.ts';

const DAY = 86_400_000;
const SEED_ACTOR: Actor = { id: null, name: null };

/** Which of the 30 items are claimed or ignored, and what their log says. */
function stateOf(i: number): { status: GatherStatus; note?: string } {
  if (i % 4 === 1) return { status: 'CLAIMED', note: '已在店铺上架' };
  if (i % 8 === 3) return { status: 'IGNORED', note: '价格偏高，暂不跟进' };
  if (i % 6 === 0) return { status: 'NEW', note: '待确认供应商起订量' };
  return { status: 'NEW' };
}

/**
 * The demo tenant's gathered products: one item per sample page (30, across the platforms),
 * parsed by the same parsers the URL job uses, gathered over the last month, some claimed, some
 * ignored, some with a note. Idempotent: nothing is added while the tenant has seeded items.
 */
export async function seedGathersDemo(services: Services, tenant: CurrentTenant) {
  const ctx = systemContext(tenant);
  const seeded = await services.data.inTenant(ctx, (tx) =>
    tx
      .select({ id: gathers.id })
      .from(gathers)
      .where(owned(ctx, gathers, eq(gathers.origin, 'seed')))
      .limit(1),
  );
  if (seeded.length) return;
  const fetcher = samplesFetcher();
  const inputs: GatherInput[] = [];
  for (const { url } of await samplePages()) {
    const { html, finalUrl } = await fetcher.fetch(url);
    const parsed = parsePage(html, finalUrl);
    if (parsed.ok) inputs.push(parsed.input);
  }
  const now = Date.now();
  await services.data.inTenant(ctx, async (tx) => {
    for (const [i, input] of inputs.entries()) {
      // spread over the last 30 days, newest last, at office hours
      const gatheredAt = new Date(
        Math.floor((now - (inputs.length - i) * DAY) / DAY) * DAY + (1 + (i % 9)) * 3_600_000,
      );
      const { status, note } = stateOf(i);
      const row = await insertGather(tx, ctx, input, 'seed', { actor: SEED_ACTOR, gatheredAt, status });
      const later = new Date(gatheredAt.getTime() + 2 * 3_600_000);
      const action = status === 'CLAIMED' ? 'MarkedClaimed' : status === 'IGNORED' ? 'Ignored' : 'Note';
      if (note) await writeLog(tx, ctx, row.id, action, { actor: SEED_ACTOR, text: note, at: later });
    }
  });
}
