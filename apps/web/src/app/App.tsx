import { theme as antdTheme, ConfigProvider } from 'antd';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { initialAntdLocale, loadAntdLocale } from '../lib/i18n/antd-locale.ts';
import { i18n } from '../lib/i18n/index.ts';
import { useSession } from '../lib/session/store.ts';
import type { AppRouter } from './router.tsx';
import { UiProvider } from './UiProvider.tsx';
import './theme.css';

/**
 * Providers: antd theme (the chosen theme colour recolours everything through the colorPrimary,
 * colorInfo and colorLink tokens, and plain links through theme.css), antd locale following the
 * language, UI size and the router. TanStack Query is provided by the signed-in layout (lazy),
 * keeping it off the sign-in screen.
 */
export function App({ router }: { router: AppRouter }) {
  const language = useSession((s) => s.language);
  const themeColor = useSession((s) => s.settings.theme);
  const size = useSession((s) => s.size);
  const [locale, setLocale] = useState(() => initialAntdLocale(language));

  // plain links and the app's own styles (theme.css) read the theme colour from the root element,
  // so drawers and dialogs rendered outside the layout get it too
  useEffect(() => {
    document.documentElement.style.setProperty('--app-theme-color', themeColor);
  }, [themeColor]);

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
        theme={{
          algorithm: antdTheme.defaultAlgorithm,
          // links and info accents derive from colorLink/colorInfo, not colorPrimary: all three follow the theme
          token: { colorPrimary: themeColor, colorInfo: themeColor, colorLink: themeColor, borderRadius: 4 },
        }}
      >
        <UiProvider>
          <RouterProvider router={router} />
        </UiProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
