import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import type { Business, BusinessBoard, BusinessRow, StageGroup } from '../../api/businesses.ts';
import CustomerTab from './CustomerTab.tsx';
import BusinessesPage from './index.tsx';

/** The businesses page against a faked HTTP layer (the contract's shapes). */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const URL = '/api/crm/businesses';

const group: StageGroup = {
  id: 'g1',
  name: '标准流程',
  displayName: '标准流程',
  sort: 0,
  statuses: [
    { id: 's1', name: '初步接触', displayName: '初步接触', percent: 10, sort: 1 },
    { id: 's2', name: '需求分析', displayName: '需求分析', percent: 20, sort: 2 },
  ],
};
const card = (over: Partial<BusinessRow> = {}): BusinessRow => ({
  id: 'b1',
  name: '年度采购',
  customerId: 'c1',
  customerName: '星辰贸易',
  ownerUserId: 'u1',
  ownerName: 'Zhang Wei',
  statusTypeId: 'g1',
  statusId: 's1',
  statusName: '初步接触',
  percent: 10,
  endStatus: null,
  endRemark: null,
  endTime: null,
  dealTime: null,
  totalPrice: '1200.50',
  currency: 'CNY',
  followUpStatus: false,
  contactLastTime: null,
  contactNextTime: null,
  creationTime: '2026-01-05T03:00:00Z',
  ...over,
});
const board = (): BusinessBoard => ({
  statusType: group,
  columns: [
    {
      key: 's1',
      statusId: 's1',
      name: '初步接触',
      percent: 10,
      count: 1,
      amounts: [{ currency: 'CNY', amount: '1200.50' }],
      items: [card()],
    },
    { key: 's2', statusId: 's2', name: '需求分析', percent: 20, count: 0, amounts: [], items: [] },
    { key: 'won', statusId: null, name: 'won', percent: 100, count: 0, amounts: [], items: [] },
    { key: 'lost', statusId: null, name: 'lost', percent: 0, count: 0, amounts: [], items: [] },
  ],
});
const detail = (over: Partial<Business> = {}): Business => ({
  ...card(),
  totalProductPrice: '1200.50',
  discountPercent: '0.00',
  remark: null,
  creatorId: 'u1',
  canEdit: true,
  products: [],
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    'GET /api/crm/business-status-types': { items: [group] },
    [`GET ${URL}/owner-options`]: { items: [{ id: 'u1', name: 'Zhang Wei' }] },
    [`GET ${URL}/customer-options`]: { items: [{ id: 'c1', name: '星辰贸易' }] },
    [`GET ${URL}/board`]: board(),
    [`GET ${URL}`]: { totalCount: 1, items: [card()] },
    [`GET ${URL}/b1`]: detail(),
    [`PUT ${URL}/b1/stage`]: detail({ statusId: 's2', statusName: '需求分析', percent: 20 }),
    [`POST ${URL}/b1/close`]: detail({ endStatus: 1, percent: 100 }),
    [`GET ${URL}/funnel`]: {
      statusTypeId: 'g1',
      stages: [
        { statusId: 's1', name: '初步接触', percent: 10, count: 4, amounts: [{ currency: 'CNY', amount: '100.00' }] },
        { statusId: 's2', name: '需求分析', percent: 20, count: 2, amounts: [] },
      ],
      won: { count: 3, amounts: [{ currency: 'CNY', amount: '900.00' }] },
      lost: { count: 1, amounts: [] },
      invalid: { count: 0 },
      winRate: '75.0',
    },
  }),
  ['Crm.Businesses', 'Crm.Businesses.Create', 'Crm.Businesses.Update', 'Crm.Businesses.Close', 'Crm.Businesses.Delete'],
);

beforeEach(() => {
  success.mockClear();
  applyServerTexts('zh-Hans', {
    CrmBusinesses: {
      Won: '赢单',
      Lost: '输单',
      Businesses: '{0} 个商机',
      Moved: '已移至“{0}”',
      'End:1': '赢单',
      List: '列表',
      Funnel: '销售漏斗',
      FunnelWinRate: '赢单率:{0}%',
      NewBusiness: '新建商机',
      Empty: '暂无商机',
    },
  });
});

function renderIt(node: React.ReactNode) {
  renderPage(node, { ui });
}

async function drag(from: HTMLElement, to: HTMLElement) {
  await act(async () => {
    fireEvent.dragStart(from);
    fireEvent.dragOver(to);
    fireEvent.drop(to);
    fireEvent.dragEnd(from);
  });
}

describe('businesses page', () => {
  it('shows the kanban: a column per stage with its count and amount, then won and lost', async () => {
    renderIt(<BusinessesPage />);
    const first = await screen.findByTestId('board-column-初步接触');
    expect(within(first).getByText('1 个商机')).toBeTruthy();
    expect(within(first).getByTestId('board-amount-s1').textContent).toBe('1,200.50 CNY');
    expect(within(first).getByText('年度采购')).toBeTruthy();
    expect(screen.getByTestId('board-column-需求分析')).toBeTruthy();
    expect(within(screen.getByTestId('board-column-won')).getByText('赢单')).toBeTruthy();
    expect(within(screen.getByTestId('board-column-lost')).getByText('输单')).toBeTruthy();
  });

  it('says the kanban is loading until its stage groups and cards are there', async () => {
    let groupsArrive: (value: unknown) => void = () => {};
    answers['GET /api/crm/business-status-types'] = () =>
      new Promise((resolve) => {
        groupsArrive = resolve;
      });
    renderIt(<BusinessesPage />);
    expect((await screen.findByTestId('business-board-loading')).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('board-column-初步接触')).toBeNull();
    await act(async () => groupsArrive({ items: [group] }));
    await screen.findByTestId('board-column-初步接触');
    expect(screen.queryByTestId('business-board-loading')).toBeNull();
  });

  it('drags a card to another stage: moved at once, then saved', async () => {
    let release: () => void = () => {};
    const moved = answers[`PUT ${URL}/b1/stage`];
    // the server answers the move only once the test lets it
    answers[`PUT ${URL}/b1/stage`] = () =>
      new Promise((r) => {
        release = () => r(moved);
      });
    renderIt(<BusinessesPage />);
    const cardEl = await screen.findByTestId('board-card-b1');
    await drag(cardEl, screen.getByTestId('board-column-需求分析'));
    // optimistic: in its new column before the server answered
    expect(within(screen.getByTestId('board-column-需求分析')).getByText('年度采购')).toBeTruthy();
    expect(screen.getByTestId('board-count-s2').textContent).toBe('1 个商机');
    expect(screen.getByTestId('board-amount-s2').textContent).toBe('1,200.50 CNY');
    expect(screen.getByTestId('board-count-s1').textContent).toBe('0 个商机');
    expect(calls.find((c) => c.key === `PUT ${URL}/b1/stage`)?.options.json).toEqual({ statusId: 's2' });
    await act(async () => release());
    await waitFor(() => expect(success).toHaveBeenCalledWith('已移至“需求分析”'));
  });

  it('puts the card back when the server refuses the move', async () => {
    answers[`PUT ${URL}/b1/stage`] = new Error('409 closed');
    renderIt(<BusinessesPage />);
    const cardEl = await screen.findByTestId('board-card-b1');
    await drag(cardEl, screen.getByTestId('board-column-需求分析'));
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${URL}/b1/stage`)).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('board-column-初步接触')).getByText('年度采购')).toBeTruthy());
    expect(screen.getByTestId('board-count-s1').textContent).toBe('1 个商机');
    expect(screen.getByTestId('board-count-s2').textContent).toBe('0 个商机');
    expect(success).not.toHaveBeenCalled();
  });

  it('dropping on won asks for the remark, then closes the business', async () => {
    renderIt(<BusinessesPage />);
    const cardEl = await screen.findByTestId('board-card-b1');
    await drag(cardEl, screen.getByTestId('board-column-won'));
    await typeInto(await screen.findByTestId('business-close-remark'), '签约');
    await submit('business-close-ok');
    expect(await sentBody(calls, `POST ${URL}/b1/close`)).toEqual({
      endStatus: 1,
      endRemark: '签约',
    });
  });

  it('offers no drag without the update permission', async () => {
    useAbp.setState({ permissions: ['Crm.Businesses'] });
    renderIt(<BusinessesPage />);
    const cardEl = await screen.findByTestId('board-card-b1');
    expect(cardEl.getAttribute('draggable')).toBe('false');
    expect(screen.queryByTestId('business-new')).toBeNull();
    expect(screen.queryByTestId('board-card-menu-b1')).toBeNull();
  });

  it('opens a card and moves it from the detail', async () => {
    renderIt(<BusinessesPage />);
    await click(await screen.findByTestId('board-card-b1'));
    const drawer = await screen.findByTestId('business-detail');
    expect(within(drawer).getByTestId('business-total').textContent).toBe('1,200.50 CNY');
    const select = within(drawer).getByTestId('business-move');
    await act(async () => {
      fireEvent.mouseDown(within(select).getByRole('combobox'));
    });
    await click(await screen.findByTitle('需求分析 (20%)'));
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${URL}/b1/stage`)).toBe(true));
  });

  it('lists businesses with the toolbar’s filters, and shows the funnel with the win rate', async () => {
    renderIt(<BusinessesPage />);
    await screen.findByTestId('board-card-b1');
    await click(screen.getByText('列表'));
    const table = await screen.findByTestId('business-list');
    expect(await within(table).findByTestId('business-open-b1')).toBeTruthy();
    const row = screen.getByTestId('business-open-b1').closest('tr') as HTMLElement;
    expect(within(row).getByText('年度采购')).toBeTruthy();
    expect(within(row).getByText('星辰贸易')).toBeTruthy();
    expect(within(row).getByText('初步接触 10%')).toBeTruthy();
    expect(within(row).getByText('1,200.50 CNY')).toBeTruthy();
    expect(within(row).getByText('—')).toBeTruthy();
    const lists = () => calls.filter((c) => c.key === `GET ${URL}`).map((c) => c.options.params ?? {});
    // the list reads every group until one is picked
    expect(lists()[0]?.statusTypeId).toBeUndefined();
    // the toolbar's filters are the list's, not drawn again in its own bar
    expect(within(table).queryByTestId('business-list-filters')).toBeNull();
    await pick('business-filter-owner', 'Zhang Wei');
    await waitFor(() => expect(lists().at(-1)?.ownerUserId).toBe('u1'));
    await pick('business-filter-end', '赢单');
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ ownerUserId: 'u1', endStatus: '1' }));
    await click(within(row).getByTestId('business-open-b1'));
    expect(await screen.findByTestId('business-detail')).toBeTruthy();
    await click(screen.getByText('销售漏斗'));
    expect(await screen.findByText('赢单率:75.0%')).toBeTruthy();
    const funnel = screen.getByTestId('business-funnel');
    expect(within(funnel).getAllByText('初步接触').length).toBeGreaterThan(0);
  });

  it('a customer’s tab lists its businesses with their stage', async () => {
    renderIt(<CustomerTab customerId="c1" />);
    expect(await screen.findByText('年度采购')).toBeTruthy();
    expect(screen.getByText('初步接触 10%')).toBeTruthy();
    expect(calls.find((c) => c.key === `GET ${URL}`)?.options.params?.customerId).toBe('c1');
    expect(screen.getByTestId('customer-business-new')).toBeTruthy();
  });

  it('a new business of a customer names the customer, never its id, while the options load', async () => {
    const C = '3f2b8a9e-1c4d-4e5f-8a6b-7c8d9e0f1a2b';
    answers['GET /api/crm/customers/' + C] = { id: C, name: '远航国际贸易' };
    // the customer options never come (or do not hold this one)
    answers[`GET ${URL}/customer-options`] = () => new Promise(() => {});
    answers[`GET ${URL}`] = { totalCount: 0, items: [] };
    renderIt(<CustomerTab customerId={C} />);
    await click(await screen.findByTestId('customer-business-new'));
    const field = await screen.findByTestId('business-form-customer');
    await waitFor(() => expect(field.textContent).toContain('远航国际贸易'));
    expect(document.body.textContent).not.toContain(C);
  });
});
