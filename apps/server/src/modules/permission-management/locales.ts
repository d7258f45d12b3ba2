import type { TextResources } from '../../core/module.ts';

/** Messages of the permission-management module (permission names come with each module's permission group). */
export const texts: TextResources[] = [
  {
    AbpPermissionManagement: {
      en: {
        UnknownPermission: 'The permission {0} does not exist or cannot be granted here.',
        Role: 'Role',
        User: 'User',
      },
      'zh-Hans': {
        UnknownPermission: '权限 {0} 不存在或不能在此授予。',
        Role: '角色',
        User: '用户',
      },
    },
  },
];
