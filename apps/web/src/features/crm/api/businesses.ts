/** Calls of businesses and their stage groups (`/api/crm/…`). */
export {};
