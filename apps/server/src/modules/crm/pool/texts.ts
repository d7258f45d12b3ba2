import type { TextResources } from '../../../core/module.ts';

/** Texts of the public pool. */
export const texts: TextResources = {};
