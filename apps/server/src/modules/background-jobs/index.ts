import { backgroundJobsPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';

/**
 * Background jobs page for host administrators: the queues with their jobs counted by state, the
 * jobs with progress and last error (payload keys only), retry of a failed job, cancel of a queued
 * or running one. Jobs themselves are the kernel's (`services.jobs`, pg-boss); the live progress of
 * a job run for a user goes out through the notification hub.
 */
export const backgroundJobs = defineModule({
  name: 'background-jobs',
  texts,
  permissions: [backgroundJobsPermissions],
  menus,
  routes,
});
