import type { TextResources } from '../../../core/module.ts';

/** Texts of the zones pages and messages (resource `Logistics`). */
const en: Record<string, string> = {};
const zh: Record<string, string> = {};

export const texts: TextResources = { Logistics: { en, 'zh-Hans': zh } };
