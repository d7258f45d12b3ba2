import type { TextResources } from '../../../core/module.ts';

/** Texts of follow-up records. */
export const texts: TextResources = {};
