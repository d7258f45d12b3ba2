import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type UiApi, useUi } from '../lib/ui-bridge.ts';
import { UiProvider } from './UiProvider.tsx';

const held: { ui?: UiApi } = {};

function Probe() {
  held.ui = useUi();
  return <div style={{ position: 'fixed', top: 12, right: 16 }}>language switch</div>;
}

function mount() {
  render(
    <UiProvider>
      <Probe />
    </UiProvider>,
  );
  return held.ui as UiApi;
}

const notices = () => document.querySelectorAll('.ant-notification-notice-wrapper');

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('error notifications (spec §8) do not pile up over the page', () => {
  it('shows one notification per error, however often it happens', async () => {
    const ui = mount();
    await act(async () => {
      for (let i = 0; i < 4; i++) ui.notification.error({ title: 'Sign-in failed', description: 'Wrong password' });
    });
    expect(notices()).toHaveLength(1);
    await act(async () => {
      ui.notification.error({ title: 'Sign-in failed', description: 'Wrong code' });
    });
    expect(notices()).toHaveLength(2);
  });

  it('keeps at most three, at the bottom right, away from the top bar and the language switch', async () => {
    const ui = mount();
    await act(async () => {
      for (let i = 0; i < 6; i++) ui.notification.error({ title: 'Failed', description: `error ${i}` });
    });
    expect(notices().length).toBeLessThanOrEqual(3);
    expect(document.querySelector('.ant-notification-bottomRight')).not.toBeNull();
    expect(document.querySelector('.ant-notification-topRight')).toBeNull();
  });

  it('shows one message per text', async () => {
    const ui = mount();
    await act(async () => {
      ui.message.error('Network error');
      ui.message.error({ content: 'Network error' });
      ui.message.error('Network error');
    });
    expect(document.querySelectorAll('.ant-message-notice-wrapper')).toHaveLength(1);
  });
});
