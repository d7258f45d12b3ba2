/** Calls of order tracking (`/api/crm/…`). */
export {};
