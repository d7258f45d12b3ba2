import { BackgroundJobsPermissions } from '@seller/contracts';
import type { MenuDefinition } from '../../core/module.ts';

/** The background jobs page, under the administration group (codes are unique across modules; the kernel checks). */
export const menus: MenuDefinition[] = [
  {
    code: '00003.00007',
    name: 'BackgroundJobs',
    displayName: '后台作业',
    path: 'background-jobs',
    component: 'background-jobs/index',
    meta: { title: 'Menus::BackgroundJobs', icon: 'DatabaseOutlined', permission: BackgroundJobsPermissions.Jobs },
    hostOnly: true,
  },
];
