import { crudNode, permissionGroup } from '../permissions.ts';

export const apiGatewayPermissions = permissionGroup('ApiGateway', ['API gateway', '网关管理'], 'both', {
  'ApiGateway.RouteGroup': crudNode(['Route groups', '路由分组']),
  'ApiGateway.Global': crudNode(['Global configuration', '全局配置']),
  'ApiGateway.Route': crudNode(['Routes', '路由']),
  'ApiGateway.DynamicRoute': crudNode(['Dynamic routes', '动态路由']),
  'ApiGateway.AggregateRoute': crudNode(['Aggregate routes', '聚合路由']),
  'ApiGateway.Menus': { displayName: ['Gateway menus', '网关菜单'] },
});

export const identityServerPermissions = permissionGroup(
  'AbpIdentityServer',
  ['Identity server', '身份认证服务器'],
  'host',
  {
    'AbpIdentityServer.Clients': crudNode(['Clients', '客户端']),
    'AbpIdentityServer.ApiResources': crudNode(['API resources', 'API 资源']),
    'AbpIdentityServer.IdentityResources': crudNode(['Identity resources', '身份资源']),
  },
);
