import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { buildPath, type RequestOptions } from '../../../../lib/http/client.ts';
import { http } from '../../../../lib/http/index.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { UiContext } from '../../../../lib/ui-bridge.ts';
import SendNotificationPage from './index.tsx';

/** The send page against a faked HTTP layer: its fields follow the server's send rules. */

const ui = { message: { success: vi.fn(), warning: vi.fn() }, notification: {} } as never;
const SEND = '/api/notifications/send';

let calls: { key: string; options: RequestOptions }[] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(http, 'request').mockImplementation(async (path: string, options: RequestOptions = {}) => {
    const key = `${options.method ?? 'GET'} ${buildPath(path, options.path)}`;
    calls.push({ key, options });
    if (key === `POST ${SEND}`) return { id: 'n1', recipientCount: 3 } as never;
    throw new Error(`unexpected ${key}`);
  });
  useAbp.setState({ permissions: ['Notifications.Notification.Send'] });
  applyServerTexts('zh-Hans', {
    Notifications: {
      SendNotification: '发送通知',
      Title: '标题',
      Message: '内容',
      Description: '说明',
      Send: '发送',
    },
  });
});
afterEach(cleanup);

function renderPage() {
  render(
    <UiContext value={ui}>
      <SendNotificationPage />
    </UiContext>,
  );
}

async function type(testid: string, value: string) {
  const input = screen.getByTestId(testid) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  });
}

const send = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('notification-send-submit'));
  });

/** The text shown under the form item that holds `testid`. */
const errorOf = (testid: string) =>
  waitFor(() => {
    const item = screen.getByTestId(testid).closest('.ant-form-item') as HTMLElement;
    const error = item.querySelector('.ant-form-item-explain-error');
    expect(error).toBeTruthy();
    return error?.textContent;
  });

describe('send notification page', { timeout: 30_000 }, () => {
  it('refuses a blank title and message, then sends the announcement to everyone', async () => {
    renderPage();
    await type('notification-send-title', '   ');
    await send();
    expect(await errorOf('notification-send-title')).toBe('标题不能为空');
    expect(await errorOf('notification-send-message')).toBe('内容不能为空');
    expect(calls).toEqual([]);

    await type('notification-send-title', '周五仓库盘点');
    await type('notification-send-message', '全天停止发货');
    await send();
    await waitFor(() => expect(calls.map((c) => c.key)).toEqual([`POST ${SEND}`]));
    expect(calls[0]?.options.json).toEqual({
      name: 'Notifications.Announcement',
      data: { title: '周五仓库盘点', message: '全天停止发货', description: null },
      toUsers: [],
      severity: 10,
    });
  });
});
