import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { expectErrorsOf, fillIn, openNewFormOn, submit } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { RoleDto, UserDto } from '../../api.ts';
import UsersPage from './index.tsx';

/** The users page against a faked HTTP layer (the contract's shapes). */

const URL = '/api/identity/users';

const admin: UserDto = {
  id: 'u1',
  tenantId: null,
  userName: 'admin',
  name: '管理员',
  surname: null,
  email: 'admin@example.com',
  emailConfirmed: true,
  phoneNumber: null,
  phoneNumberConfirmed: false,
  isActive: true,
  lockoutEnabled: true,
  lockoutEnd: null,
  accessFailedCount: 0,
  twoFactorEnabled: false,
  extraProperties: {},
  ...audited(),
  isDeleted: false,
  deleterId: null,
  deletionTime: null,
};
const staff: RoleDto = {
  id: 'r1',
  name: 'staff',
  isDefault: true,
  isStatic: false,
  isPublic: true,
  concurrencyStamp: 'stamp-r',
  extraProperties: {},
  creationTime: '2026-01-01T00:00:00Z',
};

const { calls } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 1, items: [admin] },
    [`GET ${URL}/assignable-roles`]: { items: [staff] },
    [`GET ${URL}/organization-unit-options`]: { items: [{ id: 'ou1', name: 'Sales' }] },
    [`POST ${URL}`]: { ...admin, id: 'u2', userName: 'clerk' },
  }),
  ['AbpIdentity.Users', 'AbpIdentity.Users.Create', 'AbpIdentity.Users.Update'],
);

chineseTextsBeforeEach({
  AbpIdentity: {
    'DisplayName:UserName': '用户名',
    'DisplayName:Email': '邮箱',
    'DisplayName:PhoneNumber': '手机号',
    'DisplayName:Password': '密码',
    InvalidUserName: '用户名只能包含字母、数字和 -._@+',
    InvalidPhoneNumber: '手机号格式不正确',
  },
});

describe('users page', () => {
  it('checks a new user with the shared identity schema, then sends it', async () => {
    await openNewFormOn(<UsersPage />, { testid: 'user-row-admin' }, 'user-form');
    await fillIn({
      'user-userName': 'new clerk',
      'user-email': 'clerk@example.com',
      'user-phoneNumber': '12',
      'user-password': 'Clerk1q2w3E*',
    });
    await submit('user-form-submit');
    await expectErrorsOf({
      'user-userName': '用户名只能包含字母、数字和 -._@+',
      'user-phoneNumber': '手机号格式不正确',
    });
    expect(calls.some((c) => c.options.method === 'POST')).toBe(false);

    await fillIn({
      'user-userName': 'clerk',
      'user-phoneNumber': '',
    });
    await submit('user-form-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toMatchObject({
      userName: 'clerk',
      email: 'clerk@example.com',
      phoneNumber: null,
      password: 'Clerk1q2w3E*',
      isActive: true,
      lockoutEnabled: true,
      roleNames: ['staff'],
    });
  });

  it('asks for the list with the role filter and the search kept in the address', async () => {
    const roleId = '3a1b2c3d-0000-4000-8000-000000000001';
    renderPage(<UsersPage />, { at: `/?roleId=${roleId}&filter=adm&sorting=userName%20asc` });
    await screen.findByTestId('user-row-admin');
    const list = calls.find((c) => c.key === `GET ${URL}`);
    expect(list?.options.params).toMatchObject({ roleId, filter: 'adm', sorting: 'userName asc', skipCount: 0 });
  });
});
