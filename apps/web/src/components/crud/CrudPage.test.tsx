import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n/index.ts';
import { UiContext } from '../../lib/ui-bridge.ts';
import { CrudPage } from './CrudPage.tsx';
import type { CrudQuery } from './useCrudList.ts';

interface Row {
  id: string;
  name: string;
}

const ui = { message: {}, notification: {} } as never;

function setup() {
  const all: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: String(i), name: `item ${i}` }));
  const request = vi.fn(async (q: CrudQuery) => ({
    totalCount: all.length,
    items: all.slice(q.skipCount, q.skipCount + q.maxResultCount),
  }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <UiContext value={ui}>
      <QueryClientProvider client={client}>
        <CrudPage<Row>
          testid="things"
          queryKey={['things']}
          rowKey="id"
          request={request}
          defaultSorting="name asc"
          columns={[{ key: 'name', title: 'Name', dataIndex: 'name', sortField: 'name' }]}
        />
      </QueryClientProvider>
    </UiContext>,
  );
  return { request };
}

describe('CrudPage', () => {
  afterEach(cleanup);

  it('maps paging, search and sorting to skipCount / maxResultCount / filter / sorting', async () => {
    const { request } = setup();
    await screen.findByText('item 0');
    expect(request).toHaveBeenLastCalledWith(
      { skipCount: 0, maxResultCount: 10, sorting: 'name asc' },
      expect.anything(),
    );

    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    await screen.findByText('item 10');
    expect(request).toHaveBeenLastCalledWith(
      { skipCount: 10, maxResultCount: 10, sorting: 'name asc' },
      expect.anything(),
    );

    const box = screen.getByTestId('things-search');
    const search = (box.tagName === 'INPUT' ? box : box.querySelector('input')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(search, { target: { value: '  item ' } });
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith(
        { skipCount: 0, maxResultCount: 10, sorting: 'name asc', filter: 'item' },
        expect.anything(),
      ),
    );

    await act(async () => {
      fireEvent.click(screen.getAllByText('Name')[0]);
    });
    await waitFor(() => expect(request.mock.lastCall?.[0].sorting).toBe('name desc'));
  });
});
