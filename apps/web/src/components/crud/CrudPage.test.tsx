import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n/index.ts';
import { pressEnter, typeInto } from '../../lib/testing/form-events.ts';
import { UiContext } from '../../lib/ui-bridge.ts';
import { CrudPage, type CrudPageProps } from './CrudPage.tsx';
import type { CrudQuery } from './useCrudList.ts';

interface Row {
  id: string;
  name: string;
}

const ui = { message: {}, notification: {} } as never;

function setup(props: Partial<CrudPageProps<Row>> = {}) {
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
          {...props}
        />
      </QueryClientProvider>
    </UiContext>,
  );
  return { request };
}

describe('CrudPage', () => {
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

    await typeInto('things-search', '  item ');
    await pressEnter('things-search');
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

  it('sizes the table from its columns: headers whole, a fixed actions column beside the others, not over them', async () => {
    setup({
      columns: [
        // declared narrower than its header: the header wins
        { key: 'name', title: 'A rather long column header', dataIndex: 'name', sortField: 'name', width: 40 },
        { key: 'note', title: 'Note', dataIndex: 'name' },
        {
          key: 'state',
          title: 'State',
          dataIndex: 'name',
          width: 60,
          fit: { texts: ['Discontinued for good'], tag: true },
        },
      ],
      rowActions: () => <button type="button">Edit</button>,
      actionsWidth: 100,
    });
    await screen.findAllByText('item 0');
    const table = document.querySelector('.ant-table-content table') as HTMLTableElement;
    const cols = [...table.querySelectorAll('colgroup col')].map(
      (c) => Number.parseFloat((c as HTMLElement).style.width) || 0,
    );
    expect(cols).toHaveLength(4);
    const [name, note, state, actions] = cols;
    expect(name).toBeGreaterThan(150);
    expect(note).toBe(0); // no width of its own: takes what the others leave
    expect(state).toBeGreaterThan(120);
    expect(actions).toBe(100);
    // the table is exactly as wide as its columns need (the flexible one counted at a minimum), so
    // the fixed actions column is laid out after the others, never on top of them at rest
    expect(table.style.tableLayout).toBe('fixed');
    expect(Number.parseFloat(table.style.width)).toBeGreaterThanOrEqual(name + state + actions + 100);
  });
});
