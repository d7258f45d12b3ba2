import type { ArgsProps as MessageArgs, MessageInstance, TypeOpen } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { ArgsProps as NoticeArgs, NotificationInstance } from 'antd/es/notification/interface';
import { createContext, isValidElement, useContext } from 'react';

/**
 * antd's context-aware message and notification instances, created by the app provider, so that
 * components (`useUi()`) and non-React modules (the HTTP client, the service worker hook) show themed,
 * localized feedback. The modal API (re-login dialog) is loaded on first use only: it is not part of
 * the sign-in screen's bundle.
 */
export interface UiApi {
  message: MessageInstance;
  notification: NotificationInstance;
}

let api: UiApi | undefined;
const waiters: Array<(api: UiApi) => void> = [];
let modal: ModalHookAPI | undefined;
const modalWaiters: Array<(api: ModalHookAPI) => void> = [];
let requestModalHost: (() => void) | undefined;

export const UiContext = createContext<UiApi | undefined>(undefined);

/** message / notification for components (replaces antd's App.useApp). */
export function useUi(): UiApi {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('useUi must be used inside the app provider');
  return ui;
}

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

export function setModalHostRequester(request: () => void): void {
  requestModalHost = request;
  // a dialog asked for before the provider mounted (e.g. during the router's first navigation)
  if (modalWaiters.length > 0) request();
}

export function setModalApi(next: ModalHookAPI): void {
  modal = next;
  for (const w of modalWaiters.splice(0)) w(next);
}

/** The modal API, mounting its host on first use. */
export function whenModal(): Promise<ModalHookAPI> {
  if (modal) return Promise.resolve(modal);
  requestModalHost?.();
  return new Promise((resolve) => modalWaiters.push(resolve));
}

/** A key made of the texts shown (undefined when something shown is not plain text). */
function textKey(kind: string, ...parts: unknown[]): string | undefined {
  if (!parts.every((p) => p === undefined || p === null || typeof p === 'string' || typeof p === 'number')) {
    return undefined;
  }
  return [kind, ...parts.map((p) => p ?? '')].join('\u0001');
}

/**
 * Notifications keyed by what they say: the same error again (a button pressed twice, several
 * requests failing alike) refreshes the one on screen instead of stacking another card.
 */
export function oneNotificationPerText(api: NotificationInstance): NotificationInstance {
  const keyed =
    (kind: string, show: (args: NoticeArgs) => void) =>
    (args: NoticeArgs): void =>
      show(
        args.key !== undefined ? args : { ...args, key: textKey(kind, args.title ?? args.message, args.description) },
      );
  return {
    success: keyed('success', api.success),
    error: keyed('error', api.error),
    info: keyed('info', api.info),
    warning: keyed('warning', api.warning),
    open: keyed('open', api.open),
    destroy: api.destroy,
  };
}

const isMessageArgs = (content: unknown): content is MessageArgs =>
  typeof content === 'object' && content !== null && !isValidElement(content) && 'content' in content;

/** Messages keyed by their text, like the notifications. */
export function oneMessagePerText(api: MessageInstance): MessageInstance {
  const keyed =
    (kind: string, show: TypeOpen): TypeOpen =>
    (content, duration, onClose) => {
      const args: MessageArgs = isMessageArgs(content) ? content : { content };
      const key = args.key ?? textKey(kind, args.content);
      return show(key === undefined ? content : { ...args, key }, duration, onClose);
    };
  return {
    info: keyed('info', api.info),
    success: keyed('success', api.success),
    error: keyed('error', api.error),
    warning: keyed('warning', api.warning),
    loading: keyed('loading', api.loading),
    open: (args) => api.open(args.key !== undefined ? args : { ...args, key: textKey('open', args.content) }),
    destroy: api.destroy,
  };
}
