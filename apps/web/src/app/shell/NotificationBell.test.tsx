import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/index.ts';
import { applyServerTexts } from '../../lib/i18n/index.ts';
import { useSession } from '../../lib/session/store.ts';
import { UiContext } from '../../lib/ui-bridge.ts';
import { NotificationBell } from './NotificationBell.tsx';

/**
 * The bell shows the progress of the user's background jobs as the hub pushes it: one toast per
 * job, replaced as the job moves on. The socket is a stand-in that replays what the server's hub
 * emits (`job-progress`, see the notifications module's hub).
 */

type Handler = (payload: unknown) => void;
const socket = {
  handlers: new Map<string, Handler>(),
  connected: true,
  active: true,
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler);
    return this;
  },
  // every event also reaches the catch-all listener, as socket.io's `onAny` does
  any: [] as Array<(event: string, payload: unknown) => void>,
  onAny(listener: (event: string, payload: unknown) => void) {
    this.any.push(listener);
    return this;
  },
  removeAllListeners() {},
  disconnect() {},
  emit(event: string, payload: unknown) {
    this.handlers.get(event)?.(payload);
    for (const listener of this.any) listener(event, payload);
  },
};
vi.mock('socket.io-client', () => ({ io: () => socket }));

const notification = { open: vi.fn(), success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
const ui = { message: {}, notification } as never;

beforeEach(() => {
  socket.handlers.clear();
  socket.any = [];
  for (const f of Object.values(notification)) f.mockClear();
  useSession.setState({ accessToken: 'token' } as never);
  vi.spyOn(http, 'get').mockResolvedValue({ totalCount: 0, items: [] } as never);
});

describe('notification bell', () => {
  it('shows a job run for the user with its progress, then that it finished, under one key', async () => {
    render(
      <UiContext value={ui}>
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </UiContext>,
    );
    await waitFor(() => expect(socket.handlers.has('job-progress')).toBe(true));

    act(() =>
      socket.emit('job-progress', {
        id: 'j1',
        queue: 'catalog.import',
        state: 'active',
        progress: { percent: 40, message: '第 400 行' },
      }),
    );
    expect(notification.open).toHaveBeenCalledTimes(1);
    const running = notification.open.mock.calls[0]?.[0];
    expect(running).toMatchObject({ key: 'job-j1', duration: 0 });
    const shown = render(<div>{running.description}</div>);
    expect(shown.getByTestId('job-progress').textContent).toContain('40%');
    expect(shown.getByTestId('job-progress').textContent).toContain('第 400 行');

    act(() => socket.emit('job-progress', { id: 'j1', queue: 'catalog.import', state: 'completed', progress: null }));
    expect(notification.success).toHaveBeenCalledWith(expect.objectContaining({ key: 'job-j1' }));
    expect(String(notification.success.mock.calls[0]?.[0].title)).toContain('catalog.import');

    // a queue its module names is shown by that name
    applyServerTexts('zh-Hans', { JobQueues: { 'catalog.sku-image-export': 'SKU图片导出' } });
    act(() =>
      socket.emit('job-progress', { id: 'j2', queue: 'catalog.sku-image-export', state: 'failed', progress: null }),
    );
    const failed = String(notification.error.mock.calls.at(-1)?.[0].title);
    expect(failed).toContain('SKU图片导出');
    expect(failed).not.toContain('catalog.sku-image-export');
  });
});
