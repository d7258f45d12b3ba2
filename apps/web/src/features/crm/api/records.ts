/** Calls of a customer's addresses, bank accounts, social accounts and subscriptions (`/api/crm/…`). */
export {};
