import { type Culture, DefaultCulture } from '@seller/contracts/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en.ts';
import { type TextKey, zhHans } from './locales/zh-Hans.ts';

export type { TextKey };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'zh-Hans': { translation: { ...zhHans } }, en: { translation: { ...en } } },
  lng: DefaultCulture,
  fallbackLng: DefaultCulture,
  supportedLngs: ['zh-Hans', 'en'],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const dayjsLocale: Record<Culture, string> = { 'zh-Hans': 'zh-cn', en: 'en' };

/** Server resources as received, for `Resource::Key` look-ups. */
let serverTexts: Record<string, Record<string, string>> = {};
let defaultResource: string | null | undefined;

/** Switches i18next and dayjs to a culture (antd's locale follows through the provider). */
export async function setCulture(culture: Culture): Promise<void> {
  dayjs.locale(dayjsLocale[culture]);
  if (typeof document !== 'undefined') document.documentElement.lang = culture;
  if (i18n.language !== culture) await i18n.changeLanguage(culture);
}

/** Merges the server's localization values (application configuration) over the built-in texts. */
export function applyServerTexts(
  culture: Culture,
  values: Record<string, Record<string, string>> | undefined,
  defaultResourceName?: string | null,
): void {
  serverTexts = values ?? {};
  defaultResource = defaultResourceName;
  const flat: Record<string, string> = {};
  const resources = Object.keys(serverTexts);
  // the default resource wins over others for bare keys: apply it last
  resources.sort((a, b) => (a === defaultResource ? 1 : b === defaultResource ? -1 : 0));
  for (const resource of resources) {
    for (const [key, text] of Object.entries(serverTexts[resource] ?? {})) {
      flat[key] = text;
      flat[`${resource}::${key}`] = text;
    }
  }
  const builtIn = culture === 'en' ? en : zhHans;
  // built-in keys are the client's own ('app.*', 'login.*' …): the server cannot shadow them by accident
  for (const key of Object.keys(builtIn)) delete flat[key];
  i18n.addResourceBundle(culture, 'translation', flat, true, true);
}

/** Replaces ABP positional placeholders `{0}`, `{1}` … */
export function formatText(text: string, args: readonly unknown[]): string {
  return args.length === 0 ? text : text.replace(/\{(\d+)\}/g, (m, i) => (i < args.length ? String(args[i]) : m));
}

/**
 * Localizes a key that may be a built-in key, a server key (`Key` or `Resource::Key`) or plain text
 * (menu titles may be literal). Unknown keys come back unchanged.
 */
export function localize(key: string | null | undefined, ...args: unknown[]): string {
  if (!key) return '';
  if (i18n.exists(key)) return formatText(i18n.t(key), args);
  const sep = key.indexOf('::');
  if (sep > 0) {
    const text = serverTexts[key.slice(0, sep)]?.[key.slice(sep + 2)];
    if (text) return formatText(text, args);
    return key.slice(sep + 2);
  }
  return formatText(key, args);
}

/** Whether `key` names a text (built-in, server `Key` or `Resource::Key`) rather than being plain text. */
export function hasText(key: string | null | undefined): boolean {
  if (!key) return false;
  if (i18n.exists(key)) return true;
  const sep = key.indexOf('::');
  return sep > 0 && Boolean(serverTexts[key.slice(0, sep)]?.[key.slice(sep + 2)]);
}

/** A job queue's name as its module words it (server texts `JobQueues`), else the queue's own name. */
export function queueName(queue: string): string {
  const key = `JobQueues::${queue}`;
  return hasText(key) ? localize(key) : queue;
}

/** Typed translation of a built-in key, usable outside React. */
export function tr(key: TextKey, options?: TOptions): string {
  return i18n.t(key, options ?? {}) as string;
}

export function currentCulture(): Culture {
  return i18n.language === 'en' ? 'en' : 'zh-Hans';
}
