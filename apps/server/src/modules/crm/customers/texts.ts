import type { TextResources } from '../../../core/module.ts';

/** Texts of customers. */
export const texts: TextResources = {};
