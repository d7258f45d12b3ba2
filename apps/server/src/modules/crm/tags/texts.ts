import type { TextResources } from '../../../core/module.ts';

/** Texts of tags. */
export const texts: TextResources = {};
