import type { TextResources } from '../../../core/module.ts';

/** Texts of order tracking. */
export const texts: TextResources = {};
