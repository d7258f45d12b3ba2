import { CRUD_CHILDREN, permissionGroup } from '../permissions.ts';

export const apiGatewayPermissions = permissionGroup('ApiGateway', ['API gateway', '网关管理'], 'both', {
  'ApiGateway.RouteGroup': { displayName: ['Route groups', '路由分组'], children: CRUD_CHILDREN },
  'ApiGateway.Global': { displayName: ['Global configuration', '全局配置'], children: CRUD_CHILDREN },
  'ApiGateway.Route': { displayName: ['Routes', '路由'], children: CRUD_CHILDREN },
  'ApiGateway.DynamicRoute': { displayName: ['Dynamic routes', '动态路由'], children: CRUD_CHILDREN },
  'ApiGateway.AggregateRoute': { displayName: ['Aggregate routes', '聚合路由'], children: CRUD_CHILDREN },
  'ApiGateway.Menus': { displayName: ['Gateway menus', '网关菜单'] },
});

export const identityServerPermissions = permissionGroup(
  'AbpIdentityServer',
  ['Identity server', '身份认证服务器'],
  'host',
  {
    'AbpIdentityServer.Clients': { displayName: ['Clients', '客户端'], children: CRUD_CHILDREN },
    'AbpIdentityServer.ApiResources': { displayName: ['API resources', 'API 资源'], children: CRUD_CHILDREN },
    'AbpIdentityServer.IdentityResources': { displayName: ['Identity resources', '身份资源'], children: CRUD_CHILDREN },
  },
);
