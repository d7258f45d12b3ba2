/** Calls of job reports (`/api/crm/…`). */
export {};
