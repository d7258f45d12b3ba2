/** Calls of the public pool (`/api/crm/…`). */
export {};
