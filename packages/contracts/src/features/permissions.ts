import { type PermissionGroupDefinition, withDisplayNames } from '../permissions.ts';

export const featureManagementPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'FeatureManagement',
    displayName: ['Feature management', '功能管理'],
    permissions: [{ name: 'FeatureManagement.ManageHostFeatures', side: 'host' }],
  },
  {
    'FeatureManagement.ManageHostFeatures': ['Manage host features', '管理宿主功能'],
  },
);
