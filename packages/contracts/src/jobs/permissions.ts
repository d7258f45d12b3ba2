import type { PermissionGroupDefinition } from '../permissions.ts';

/** Permission names of the background jobs page (host administrators only). */
export const BackgroundJobsPermissions = {
  /** See queues and jobs. */
  Jobs: 'BackgroundJobs.Jobs',
  /** Retry a failed job, cancel a queued or running one. */
  Manage: 'BackgroundJobs.Jobs.Manage',
} as const;

export const backgroundJobsPermissions: PermissionGroupDefinition = {
  name: 'BackgroundJobs',
  displayName: ['Background jobs', '后台作业'],
  permissions: [
    { name: BackgroundJobsPermissions.Jobs, side: 'host', displayName: ['Background jobs', '后台作业'] },
    {
      name: BackgroundJobsPermissions.Manage,
      parent: BackgroundJobsPermissions.Jobs,
      side: 'host',
      displayName: ['Retry and cancel', '重试与取消'],
    },
  ],
};
