import { type Culture, Cultures, DefaultCulture } from '@seller/contracts';

type Texts = Record<string, string>;
type Resource = Record<Culture, Texts>;

/** All localization resources, by name. Modules register theirs when the app is built. */
const resources = new Map<string, Resource>();

export function registerResource(name: string, texts: Resource) {
  const existing = resources.get(name);
  resources.set(
    name,
    existing
      ? { en: { ...existing.en, ...texts.en }, 'zh-Hans': { ...existing['zh-Hans'], ...texts['zh-Hans'] } }
      : texts,
  );
}

export function allResources(culture: Culture): Record<string, Texts> {
  const out: Record<string, Texts> = {};
  for (const [name, res] of resources) out[name] = { ...res[DefaultCulture], ...res[culture] };
  return out;
}

/** `zh-CN`, `zh`, `zh-Hans-CN` → zh-Hans; `en-US` → en; anything else → zh-Hans. */
export function cultureFrom(acceptLanguage: string | undefined): Culture {
  if (!acceptLanguage) return DefaultCulture;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-Hans';
    if (tag.startsWith('en')) return 'en';
  }
  return DefaultCulture;
}

export function isCulture(v: string): v is Culture {
  return (Cultures as readonly string[]).includes(v);
}

/**
 * Text for `key` (`Resource:Key` or a key of the `Platform` resource), with `{Name}`
 * or `{0}` placeholders filled from `params`. Falls back to zh-Hans, then to the key.
 */
export function t(culture: Culture, key: string, params?: Record<string, unknown> | unknown[]): string {
  const sep = key.indexOf('::');
  const [resourceName, textKey] = sep > 0 ? [key.slice(0, sep), key.slice(sep + 2)] : ['Platform', key];
  const res = resources.get(resourceName);
  const text = res?.[culture]?.[textKey] ?? res?.[DefaultCulture]?.[textKey] ?? textKey;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = Array.isArray(params) ? params[Number(name)] : params[name];
    return v === undefined ? m : String(v);
  });
}
