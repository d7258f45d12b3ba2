/** Calls of follow-up records (`/api/crm/…`). */
export {};
