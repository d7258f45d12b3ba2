import type { HookAPI } from 'antd/es/modal/useModal';
import { useAbp } from '../abp/config-store.ts';
import { tr } from '../i18n/index.ts';
import { useSession } from '../session/store.ts';
import { whenModal } from '../ui-bridge.ts';

let open = false;

/** Spec section 8: token expired → confirm dialog; 'relogin' clears the token and reloads. */
export function showReloginDialog(): void {
  // Before the configuration is loaded the guard owns the failure: it clears the session
  // and sends the user to /login (spec §2), so a dialog there would only be in the way.
  if (open || !useAbp.getState().config || window.location.pathname === '/login') return;
  open = true;
  void whenModal().then((modal) => openDialog(modal));
}

function openDialog(modal: HookAPI): void {
  modal.confirm({
    title: tr('session.confirmLogout'),
    content: <span data-testid="relogin-dialog">{tr('session.tokenExpired')}</span>,
    okText: tr('session.relogin'),
    cancelText: tr('common.cancel'),
    okButtonProps: { 'data-testid': 'relogin-confirm' } as Record<string, string>,
    cancelButtonProps: { 'data-testid': 'relogin-cancel' } as Record<string, string>,
    onOk: () => {
      useSession.getState().clearTokens();
      location.reload();
    },
    afterClose: () => {
      open = false;
    },
  });
}
