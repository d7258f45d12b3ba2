import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../../lib/http/client.ts';
import { applyServerTexts } from '../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach, sentBody } from '../../../lib/testing/fake-http.ts';
import { errorOf, expectErrorOf, fillIn, submit } from '../../../lib/testing/form-events.ts';
import { renderPage } from '../../../lib/testing/render-page.tsx';
import type { MyProfile } from '../api.ts';
import ProfileInfoPage from './index.tsx';

/** The personal information page against a faked HTTP layer: it checks with the server's schema. */

const URL = '/api/identity/my-profile';

const profile: MyProfile = {
  userName: 'admin',
  email: 'admin@example.com',
  emailConfirmed: true,
  name: '管理员',
  surname: null,
  phoneNumber: null,
  phoneNumberConfirmed: false,
  isExternal: false,
  hasPassword: true,
  concurrencyStamp: 'stamp-1',
  extraProperties: {},
};

const { calls } = fakeApiBeforeEach(() => ({
  [`GET ${URL}`]: profile,
  [`PUT ${URL}`]: (options: RequestOptions) => ({ ...profile, ...(options.json as object) }),
  'GET /api/abp/application-configuration': {},
}));

beforeEach(() => {
  applyServerTexts('zh-Hans', { AbpIdentity: { InvalidPhoneNumber: '手机号格式不正确' } });
});

describe('personal information page', () => {
  it('refuses what the server refuses, then sends the trimmed values with the stamp', async () => {
    renderPage(<ProfileInfoPage />);
    await screen.findByTestId('profile-form');
    await waitFor(() => expect((screen.getByTestId('profile-username') as HTMLInputElement).value).toBe('admin'));

    await fillIn({
      'profile-username': '',
      'profile-phone': '12',
    });
    await submit('profile-save');
    expect(await errorOf('profile-username')).toBeTruthy();
    await expectErrorOf('profile-phone', '手机号格式不正确');
    expectNotSent(calls, `PUT ${URL}`);

    await fillIn({
      'profile-username': '  admin2 ',
      'profile-phone': '',
    });
    await submit('profile-save');
    expect(await sentBody(calls, `PUT ${URL}`)).toMatchObject({
      userName: 'admin2',
      concurrencyStamp: 'stamp-1',
    });
  });
});
