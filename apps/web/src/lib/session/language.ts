import type { Culture } from '@seller/contracts/constants';
import { fetchApplicationConfiguration } from '../abp/api.ts';
import { useAbp } from '../abp/config-store.ts';
import { applyServerTexts, setCulture } from '../i18n/index.ts';
import { useSession } from './store.ts';

const languageHooks = new Set<(culture: Culture) => void>();

/** Runs after every language switch (the query cache re-reads server texts). */
export function onLanguageSwitched(hook: (culture: Culture) => void): () => void {
  languageHooks.add(hook);
  return () => languageHooks.delete(hook);
}

/**
 * Switches the language: persisted choice, i18next, dayjs (antd follows through the provider), and
 * — when signed in — the server texts re-read with the new Accept-Language.
 */
export async function switchLanguage(culture: Culture): Promise<void> {
  useSession.getState().setLanguage(culture);
  if (useAbp.getState().config) {
    try {
      const config = await fetchApplicationConfiguration();
      applyServerTexts(culture, config.localization?.values, config.localization?.defaultResourceName);
      useAbp.getState().setConfig(config);
    } catch {
      // the built-in texts still switch; the HTTP client has shown the error
    }
  }
  await setCulture(culture);
  for (const hook of languageHooks) hook(culture);
}
