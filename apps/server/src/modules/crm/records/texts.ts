import type { TextResources } from '../../../core/module.ts';

/** Texts of a customer's addresses, bank accounts, social accounts and subscriptions. */
export const texts: TextResources = {};
