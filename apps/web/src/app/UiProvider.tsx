import { message, notification } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import {
  oneMessagePerText,
  oneNotificationPerText,
  setModalHostRequester,
  setUiApi,
  UiContext,
} from '../lib/ui-bridge.ts';

const ModalHost = lazy(() => import('./ModalHost.tsx'));

/**
 * Where feedback appears: notifications at the bottom right, out of the way of the top bar (language
 * switch, user menu, settings) and of a drawer's buttons; a few at a time, collapsed into a stack.
 */
const NOTIFICATIONS = { placement: 'bottomRight', maxCount: 3, stack: { threshold: 2 } } as const;
const MESSAGES = { maxCount: 3 } as const;

/**
 * antd's themed message/notification holders (and the modal holder once needed), shared via useUi().
 * The same text is shown once at a time (see ui-bridge).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage(MESSAGES);
  const [notificationApi, notificationHolder] = notification.useNotification(NOTIFICATIONS);
  const [modalNeeded, setModalNeeded] = useState(false);
  const ui = useMemo(
    () => ({ message: oneMessagePerText(messageApi), notification: oneNotificationPerText(notificationApi) }),
    [messageApi, notificationApi],
  );
  useEffect(() => {
    setUiApi(ui);
    setModalHostRequester(() => setModalNeeded(true));
  }, [ui]);
  return (
    <UiContext value={ui}>
      {messageHolder}
      {notificationHolder}
      {modalNeeded && (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      )}
      {children}
    </UiContext>
  );
}
