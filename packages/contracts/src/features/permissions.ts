import { permissionGroup } from '../permissions.ts';

export const featureManagementPermissions = permissionGroup(
  'FeatureManagement',
  ['Feature management', '功能管理'],
  'host',
  { 'FeatureManagement.ManageHostFeatures': { displayName: ['Manage host features', '管理宿主功能'] } },
);
