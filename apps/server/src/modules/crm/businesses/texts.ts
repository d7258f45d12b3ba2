import type { TextResources } from '../../../core/module.ts';

/** Texts of businesses and their stage groups. */
export const texts: TextResources = {};
