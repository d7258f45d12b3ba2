import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../lib/abp/config-store.ts';
import { http } from '../../../lib/http/index.ts';
import { applyServerTexts } from '../../../lib/i18n/index.ts';
import DashboardPage from './index.tsx';

/** The dashboard against a faked HTTP layer; the chart is drawn for real (SVG). */

beforeEach(() => {
  vi.spyOn(http, 'request').mockResolvedValue({ totalCount: 3, items: [] } as never);
  useAbp.setState({
    permissions: ['Catalog.Products', 'Catalog.Brands', 'AbpIdentity.Users', 'Platform.Layout'],
  });
  // what the application configuration carries: the permission groups' display names
  applyServerTexts('zh-Hans', {
    Permissions: {
      'PermissionGroup:Catalog': '商品管理',
      'PermissionGroup:AbpIdentity': '身份标识管理',
      'PermissionGroup:Platform': '平台管理',
    },
  });
});

describe('dashboard', () => {
  it('names the chart’s permission groups by their display names, not their codes', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DashboardPage />
      </QueryClientProvider>,
    );
    const chart = await screen.findByTestId('permission-chart');
    await waitFor(() => expect(chart.querySelectorAll('svg text').length).toBeGreaterThan(0));
    const labels = [...chart.querySelectorAll('svg text')].map((e) => e.textContent);
    expect(labels).toEqual(expect.arrayContaining(['商品管理', '身份标识管理', '平台管理']));
    expect(labels).not.toContain('Catalog');
  });
});
