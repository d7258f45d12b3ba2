import { theme as antdTheme, ConfigProvider, message, notification } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { initialAntdLocale, loadAntdLocale } from '../lib/i18n/antd-locale.ts';
import { i18n } from '../lib/i18n/index.ts';
import { useSession } from '../lib/session/store.ts';
import { setModalHostRequester, setUiApi, UiContext } from '../lib/ui-bridge.ts';
import type { AppRouter } from './router.tsx';

const ModalHost = lazy(() => import('./ModalHost.tsx'));

/** antd's themed message/notification holders (and the modal holder once needed), shared via useUi(). */
function UiProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalNeeded, setModalNeeded] = useState(false);
  const ui = useMemo(() => ({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi]);
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

/**
 * Providers: antd theme (the chosen theme colour recolours everything through the colorPrimary
 * token), antd locale following the language, UI size and the router. TanStack Query is provided by
 * the signed-in layout (lazy), keeping it off the sign-in screen.
 */
export function App({ router }: { router: AppRouter }) {
  const language = useSession((s) => s.language);
  const themeColor = useSession((s) => s.settings.theme);
  const size = useSession((s) => s.size);
  const [locale, setLocale] = useState(() => initialAntdLocale(language));

  useEffect(() => {
    let live = true;
    void loadAntdLocale(language).then((l) => {
      if (live) setLocale(l);
    });
    return () => {
      live = false;
    };
  }, [language]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        locale={locale}
        componentSize={size}
        theme={{ algorithm: antdTheme.defaultAlgorithm, token: { colorPrimary: themeColor, borderRadius: 4 } }}
      >
        <UiProvider>
          <RouterProvider router={router} />
        </UiProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
