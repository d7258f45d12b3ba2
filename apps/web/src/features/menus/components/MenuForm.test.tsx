import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApiBeforeEach } from '../../../lib/testing/fake-http.ts';
import { audited } from '../../../lib/testing/fixtures.ts';
import { expectErrorsOf, fillIn, submit, typeInto } from '../../../lib/testing/form-events.ts';
import { renderPage } from '../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../lib/testing/server-texts.ts';
import type { MenuItemDto } from '../api.ts';
import { MenuForm } from './MenuForm.tsx';

/** The menu drawer against a faked HTTP layer: checked by the server's menu input schema. */

const users: MenuItemDto = {
  id: '8f0b6a52-54a4-4d0e-9a4e-3c1f5e0b2a11',
  parentId: null,
  layoutId: null,
  code: '00001',
  level: 0,
  path: '/admin/users',
  name: 'users',
  displayName: '用户',
  description: null,
  component: 'admin/users/index',
  redirect: null,
  platformType: 56,
  isPublic: false,
  sort: 2,
  startup: false,
  meta: { title: 'Menus::Users', permission: 'AbpIdentity.Users', badge: 'new' },
  ...audited(),
};

const { calls } = fakeApiBeforeEach(() => ({
  'GET /api/platform/layouts/all': { items: [] },
  'GET /api/identity/roles/all': { items: [] },
  [`PUT /api/platform/menus/${users.id}`]: users,
}));

chineseTextsBeforeEach({
  AppPlatform: { 'DisplayName:Name': '名称', 'DisplayName:Path': '路径', EditMenu: '编辑菜单 {0}' },
});

function renderForm(onSaved = vi.fn()) {
  renderPage(<MenuForm editing={{ menu: users }} tree={[]} onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

const put = () => calls.find((c) => c.key === `PUT /api/platform/menus/${users.id}`);

describe('menu form', () => {
  it('refuses an empty name and a path over 256 characters, then saves keeping meta it does not edit', async () => {
    const onSaved = renderForm();
    await screen.findByTestId('menu-form');
    await typeInto('menu-name', '  ');
    await typeInto('menu-path', `/${'a'.repeat(256)}`);
    await submit('menu-form-submit');
    await expectErrorsOf({
      'menu-name': '名称不能为空',
      'menu-path': '路径长度不能超过 256 个字符',
    });
    expect(put()).toBeUndefined();

    await fillIn({
      'menu-name': ' users ',
      'menu-path': '/admin/users',
      'menu-meta-title': '',
    });
    await submit('menu-form-submit');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(put()?.options.json).toEqual({
      parentId: null,
      layoutId: null,
      name: 'users',
      displayName: '用户',
      path: '/admin/users',
      component: 'admin/users/index',
      redirect: null,
      description: null,
      sort: 2,
      platformType: 56,
      isPublic: false,
      meta: { permission: 'AbpIdentity.Users', badge: 'new' },
      concurrencyStamp: 'stamp-1',
    });
  });
});
