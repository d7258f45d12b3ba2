import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * antd's context-aware message/notification/modal instances, captured by the app provider
 * (`<App>` + `App.useApp()`), so that non-React modules (the HTTP client, the service worker hook)
 * show themed, localized feedback.
 */
export interface UiApi {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalHookAPI;
}

let api: UiApi | undefined;
const waiters: Array<(api: UiApi) => void> = [];

export function setUiApi(next: UiApi): void {
  api = next;
  for (const w of waiters.splice(0)) w(next);
}

export function getUiApi(): UiApi | undefined {
  return api;
}

/** Resolves once the provider has mounted (immediately when it has). */
export function whenUi(): Promise<UiApi> {
  return api ? Promise.resolve(api) : new Promise((resolve) => waiters.push(resolve));
}
