/**
 * What the orders area runs apart from requests, wired by the module at start: the durable jobs
 * of the marketplace pull (`jobs.ts`). The area raises no domain event and handles none yet.
 */
export { defineJobs } from './jobs.ts';
