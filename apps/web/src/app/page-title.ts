import { featureValue, settingValue } from '../lib/abp/config-store.ts';
import type { ApplicationConfiguration } from '../lib/abp/types.ts';
import { FeatureNames } from '../lib/abp/types.ts';
import { localize, tr } from '../lib/i18n/index.ts';

/**
 * Site name: the setting App.SiteName (the tenant's own choice), else the tenant feature
 * App.SiteName (given by the host), else the built-in application title.
 */
export function siteName(config: ApplicationConfiguration | undefined): string {
  return settingValue(config, 'App.SiteName') ?? featureValue(config, FeatureNames.siteName) ?? tr('app.title');
}

/** Spec §2: localized route title plus the site name; the display name when there is no title. */
export function routeTitle(title: string | undefined, displayName?: string): string {
  return title ? localize(title) : (displayName ?? '');
}

export function pageTitle(title: string, config: ApplicationConfiguration | undefined): string {
  const site = siteName(config);
  return title ? `${title} - ${site}` : site;
}
