import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { expectErrorsOf, fillIn, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import SendNotificationPage from './index.tsx';

/** The send page against a faked HTTP layer: its fields follow the server's send rules. */

const ui = { message: { success: vi.fn(), warning: vi.fn() }, notification: {} } as never;
const SEND = '/api/notifications/send';

const { calls } = fakeApiBeforeEach(
  () => ({ [`POST ${SEND}`]: { id: 'n1', recipientCount: 3 } }),
  ['Notifications.Notification.Send'],
);

chineseTextsBeforeEach({
  Notifications: {
    SendNotification: '发送通知',
    Title: '标题',
    Message: '内容',
    Description: '说明',
    Send: '发送',
  },
});

const renderSend = () => renderPage(<SendNotificationPage />, { ui });

const send = () => submit('notification-send-submit');

describe('send notification page', () => {
  it('refuses a blank title and message, then sends the announcement to everyone', async () => {
    renderSend();
    await typeInto('notification-send-title', '   ');
    await send();
    await expectErrorsOf({
      'notification-send-title': '标题不能为空',
      'notification-send-message': '内容不能为空',
    });
    expect(calls).toEqual([]);

    await fillIn({
      'notification-send-title': '周五仓库盘点',
      'notification-send-message': '全天停止发货',
    });
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
