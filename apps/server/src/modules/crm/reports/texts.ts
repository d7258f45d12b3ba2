import type { TextResources } from '../../../core/module.ts';

/** Texts of job reports. */
export const texts: TextResources = {};
