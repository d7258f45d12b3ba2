import { tr } from '../i18n/index.ts';
import { useSession } from '../session/store.ts';
import { getUiApi } from '../ui-bridge.ts';

let open = false;

/** Spec section 8: token expired → confirm dialog; 'relogin' clears the token and reloads. */
export function showReloginDialog(): void {
  const ui = getUiApi();
  if (open || !ui) return;
  open = true;
  ui.modal.confirm({
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
