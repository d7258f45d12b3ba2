import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { buildPath, type RequestOptions } from '../../../../lib/http/client.ts';
import { http } from '../../../../lib/http/index.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectErrorOf, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { UiContext } from '../../../../lib/ui-bridge.ts';
import type { RoleDto, UserDto } from '../../api.ts';
import UsersPage from './index.tsx';

/** The users page against a faked HTTP layer (the contract's shapes). */

const ui = { message: { success: vi.fn() }, notification: {} } as never;
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
  concurrencyStamp: 'stamp-1',
  extraProperties: {},
  creationTime: '2026-01-01T00:00:00Z',
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
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

let calls: { key: string; options: RequestOptions }[] = [];
let answers: Record<string, unknown> = {};

beforeEach(() => {
  calls = [];
  answers = {
    [`GET ${URL}`]: { totalCount: 1, items: [admin] },
    [`GET ${URL}/assignable-roles`]: { items: [staff] },
    [`GET ${URL}/organization-unit-options`]: { items: [{ id: 'ou1', name: 'Sales' }] },
    [`POST ${URL}`]: { ...admin, id: 'u2', userName: 'clerk' },
  };
  vi.spyOn(http, 'request').mockImplementation(async (path: string, options: RequestOptions = {}) => {
    const key = `${options.method ?? 'GET'} ${buildPath(path, options.path)}`;
    calls.push({ key, options });
    if (!(key in answers)) throw new Error(`unexpected ${key}`);
    return answers[key] as never;
  });
  useAbp.setState({ permissions: ['AbpIdentity.Users', 'AbpIdentity.Users.Create', 'AbpIdentity.Users.Update'] });
  applyServerTexts('zh-Hans', {
    AbpIdentity: {
      'DisplayName:UserName': '用户名',
      'DisplayName:Email': '邮箱',
      'DisplayName:PhoneNumber': '手机号',
      'DisplayName:Password': '密码',
      InvalidUserName: '用户名只能包含字母、数字和 -._@+',
      InvalidPhoneNumber: '手机号格式不正确',
    },
  });
});
afterEach(cleanup);

function renderPage(entry = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <UiContext value={ui}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>
          <UsersPage />
        </MemoryRouter>
      </QueryClientProvider>
    </UiContext>,
  );
}

describe('users page', () => {
  it('checks a new user with the shared identity schema, then sends it', async () => {
    renderPage();
    await screen.findByTestId('user-row-admin');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /新\s?建/ }));
    });
    await screen.findByTestId('user-form');
    await typeInto('user-userName', 'new clerk');
    await typeInto('user-email', 'clerk@example.com');
    await typeInto('user-phoneNumber', '12');
    await typeInto('user-password', 'Clerk1q2w3E*');
    await submit('user-form-submit');
    await expectErrorOf('user-userName', '用户名只能包含字母、数字和 -._@+');
    await expectErrorOf('user-phoneNumber', '手机号格式不正确');
    expect(calls.some((c) => c.options.method === 'POST')).toBe(false);

    await typeInto('user-userName', 'clerk');
    await typeInto('user-phoneNumber', '');
    await submit('user-form-submit');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}`)).toBe(true));
    expect(calls.find((c) => c.key === `POST ${URL}`)?.options.json).toMatchObject({
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
    renderPage(`/?roleId=${roleId}&filter=adm&sorting=userName%20asc`);
    await screen.findByTestId('user-row-admin');
    const list = calls.find((c) => c.key === `GET ${URL}`);
    expect(list?.options.params).toMatchObject({ roleId, filter: 'adm', sorting: 'userName asc', skipCount: 0 });
  });
});
