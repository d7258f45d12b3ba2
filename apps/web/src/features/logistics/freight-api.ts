/** Freight strategies and the freight estimate (`/api/logistics/freight-strategies`, `/api/logistics/freight/estimate`). */
export {};
