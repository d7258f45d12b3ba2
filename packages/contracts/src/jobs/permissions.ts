import { permissionGroup } from '../permissions.ts';

/** Permission names of the background jobs page (host administrators only). */
export const BackgroundJobsPermissions = {
  /** See queues and jobs. */
  Jobs: 'BackgroundJobs.Jobs',
  /** Retry a failed job, cancel a queued or running one. */
  Manage: 'BackgroundJobs.Jobs.Manage',
} as const;

export const backgroundJobsPermissions = permissionGroup('BackgroundJobs', ['Background jobs', '后台作业'], 'host', {
  [BackgroundJobsPermissions.Jobs]: {
    displayName: ['Background jobs', '后台作业'],
    // the child is `BackgroundJobsPermissions.Manage`
    children: { Manage: ['Retry and cancel', '重试与取消'] },
  },
});
