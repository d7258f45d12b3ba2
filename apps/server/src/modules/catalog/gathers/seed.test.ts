import type { GatherListItem } from '@seller/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { useCatalogApp } from '../test-support.ts';
import { seedGathersDemo } from './seed.ts';

const api = useCatalogApp();
const base = '/api/catalog/gathers';
type GatherCountsDto = { total: number; capped: boolean; counts: Record<string, number> };

describe('demo gathered products', () => {
  it('gives tenant demo 30 items in every state across the platforms, once', async () => {
    const counts = (await api.get(api.demoAdmin, `${base}/counts`)).json() as GatherCountsDto;
    expect(counts.total).toBe(30);
    expect(counts.counts.NEW).toBeGreaterThan(0);
    expect(counts.counts.CLAIMED).toBeGreaterThan(0);
    expect(counts.counts.IGNORED).toBeGreaterThan(0);
    const items = (await api.get(api.demoAdmin, `${base}?maxResultCount=100`)).json().items as GatherListItem[];
    expect(new Set(items.map((i) => i.sourcePlatform))).toEqual(
      new Set(['1688', 'TAOBAO', 'TMALL', 'ALIEXPRESS', 'AMAZON', 'SHOPEE', 'LAZADA']),
    );
    expect(items.every((i) => i.origin === 'seed' && i.mainImage)).toBe(true);
    // newest first, over the last month
    expect(new Date(items[0].gatheredAt).getTime()).toBeGreaterThan(new Date(items[29].gatheredAt).getTime());
    const ignored = items.find((i) => i.status === 'IGNORED')!;
    const detail = (await api.get(api.demoAdmin, `${base}/${ignored.id}`)).json();
    expect(detail.logs.map((l: { action: string }) => l.action)).toEqual(['Ignored', 'Gathered']);

    await seedGathersDemo(api.t.services, api.t.demo);
    expect(((await api.get(api.demoAdmin, `${base}/counts`)).json() as GatherCountsDto).total).toBe(30);
    expect(((await api.get(api.otherAdmin, `${base}/counts`)).json() as GatherCountsDto).total).toBe(0);
  });
});
