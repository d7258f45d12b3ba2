/** Calls of customers (`/api/crm/…`). */
export {};
