import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNotSent, fakeApiBeforeEach, lastBody, lastParams, refusal } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, expectErrorOf, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { Tag } from '../../api/tags.ts';
import TagPage from './index.tsx';

/** The tags page against a faked HTTP layer. */

const U = '/api/crm/tags';
const vip: Tag = {
  id: '00000000-0000-4000-8000-0000000000t1',
  name: 'VIP',
  color: 'gold',
  scope: 'CUSTOMER',
  sort: 1,
  usageCount: 12,
  ...audited('s1'),
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${U}`]: { totalCount: 1, items: [vip] },
    [`POST ${U}`]: { ...vip, id: 'new', name: '批发商' },
    [`PUT ${U}/${vip.id}`]: vip,
    [`DELETE ${U}/${vip.id}`]: undefined,
  }),
  ['Crm.Tags', 'Crm.Tags.Create', 'Crm.Tags.Update', 'Crm.Tags.Delete'],
);

chineseTextsBeforeEach({
  CrmTags: {
    Tags: '标签',
    Name: '名称',
    'Scope:CUSTOMER': '客户',
    'Scope:BUSINESS': '商机',
    UsageCount: '使用客户数',
    DeleteConfirm: '确定删除标签“{0}”吗？它将从 {1} 个客户上移除。',
    AlreadyExists: '该范围内已有名为“{1}”的标签。',
  },
});

describe('tags page', () => {
  it('lists tags in their colours with their usage, filters by scope', async () => {
    renderPage(<TagPage />);
    const preview = await screen.findByTestId('tag-preview-VIP');
    expect(preview.className).toContain('gold');
    expect(screen.getByTestId('tag-usage-VIP').textContent).toBe('12');
    await act(async () => {
      fireEvent.mouseDown(within(screen.getByTestId('crm-tags-filter-scope')).getByRole('combobox'));
    });
    await act(async () => {
      fireEvent.click((await screen.findAllByTitle('商机')).at(-1)!);
    });
    await waitFor(() => expect(lastParams(calls, `GET ${U}`).scope).toBe('BUSINESS'));
    // a new tag starts in the scope the list is narrowed to
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent?.match(/新建|New|Create/))!);
    });
    const business = within(await screen.findByTestId('crm-tag-scope')).getByRole('radio', { name: '商机' });
    expect((business as HTMLInputElement).checked).toBe(true);
  });

  it('creates a tag; a taken name shows under the name field', async () => {
    renderPage(<TagPage />);
    await screen.findByTestId('tag-preview-VIP');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent?.match(/新建|New|Create/))!);
    });
    await typeInto('crm-tag-name', '');
    await submit('crm-tag-form-submit');
    expectNotSent(calls, `POST ${U}`);

    answers[`POST ${U}`] = refusal(U, [{ message: '该范围内已有名为“VIP”的标签。', members: ['name'] }], 'x');
    await typeInto('crm-tag-name', 'VIP');
    await submit('crm-tag-form-submit');
    await expectErrorOf('crm-tag-name', '该范围内已有名为“VIP”的标签。');
    expect(lastBody(calls, `POST ${U}`)).toMatchObject({ name: 'VIP', color: 'blue', scope: 'CUSTOMER', sort: 0 });
  });

  it('edits with the stamp and deletes after a confirmation naming the customers', async () => {
    renderPage(<TagPage />);
    await screen.findByTestId('tag-preview-VIP');
    await click('crm-tags-edit-VIP');
    await typeInto('crm-tag-name', 'VIP 客户');
    await submit('crm-tag-form-submit');
    await waitFor(() =>
      expect(lastBody(calls, `PUT ${U}/${vip.id}`)).toMatchObject({ name: 'VIP 客户', concurrencyStamp: 's1' }),
    );

    await click('crm-tags-delete-VIP');
    expect(await screen.findByText('确定删除标签“VIP”吗？它将从 12 个客户上移除。')).toBeTruthy();
    await act(async () => {
      fireEvent.click(
        screen.getAllByRole('button').find((b) => b.textContent?.match(/删\s*除|Delete/) && b.closest('.ant-popover'))!,
      );
    });
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${U}/${vip.id}`)).toBe(true));
  });
});
