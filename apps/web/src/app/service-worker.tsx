import { Limits } from '@seller/contracts/constants';
import { Button } from 'antd';
import { tr } from '../lib/i18n/index.ts';
import { whenUi } from '../lib/ui-bridge.ts';

/**
 * Production only: registers /sw.js, checks for updates every hour (spec §9) and, when a new
 * version is waiting, shows 'New content is available!' with a Refresh button.
 */
/** Set when the user clicks Refresh on the update notice. */
let updateAccepted = false;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', async () => {
    try {
      const reg = await navigator.serviceWorker.register('/sw.js');
      setInterval(() => void reg.update().catch(() => undefined), Limits.serviceWorkerCheckMs);
      const offer = (worker: ServiceWorker) => void showUpdateNotice(worker);
      if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const installing = reg.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
        });
      });
      // The first install also changes the controller (clients.claim): only an update the
      // user accepted with Refresh reloads the page, never a first visit mid-typing.
      let reloading = false;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (reloading || !updateAccepted) return;
        reloading = true;
        location.reload();
      });
    } catch (e) {
      console.warn('Service worker registration failed', e);
    }
  });
}

async function showUpdateNotice(worker: ServiceWorker): Promise<void> {
  const { notification } = await whenUi();
  const key = 'sw-update';
  notification.info({
    key,
    title: tr('sw.newContent'),
    description: tr('sw.newContentDescription'),
    duration: 0,
    actions: (
      <Button
        type="primary"
        size="small"
        data-testid="sw-refresh"
        onClick={() => {
          notification.destroy(key);
          updateAccepted = true;
          worker.postMessage({ type: 'SKIP_WAITING' });
        }}
      >
        {tr('sw.refresh')}
      </Button>
    ),
  });
}
