/** Calls of tags (`/api/crm/…`). */
export {};
