import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

export const apiGatewayPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'ApiGateway',
    displayName: ['API gateway', '网关管理'],
    permissions: [
      ...withChildren('ApiGateway.RouteGroup', CRUD),
      ...withChildren('ApiGateway.Global', CRUD),
      ...withChildren('ApiGateway.Route', CRUD),
      ...withChildren('ApiGateway.DynamicRoute', CRUD),
      ...withChildren('ApiGateway.AggregateRoute', CRUD),
      { name: 'ApiGateway.Menus', side: 'both' },
    ],
  },
  {
    'ApiGateway.RouteGroup': ['Route groups', '路由分组'],
    'ApiGateway.Global': ['Global configuration', '全局配置'],
    'ApiGateway.Route': ['Routes', '路由'],
    'ApiGateway.DynamicRoute': ['Dynamic routes', '动态路由'],
    'ApiGateway.AggregateRoute': ['Aggregate routes', '聚合路由'],
    'ApiGateway.Menus': ['Gateway menus', '网关菜单'],
  },
);

export const identityServerPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'AbpIdentityServer',
    displayName: ['Identity server', '身份认证服务器'],
    permissions: [
      ...withChildren('AbpIdentityServer.Clients', CRUD, 'host'),
      ...withChildren('AbpIdentityServer.ApiResources', CRUD, 'host'),
      ...withChildren('AbpIdentityServer.IdentityResources', CRUD, 'host'),
    ],
  },
  {
    'AbpIdentityServer.Clients': ['Clients', '客户端'],
    'AbpIdentityServer.ApiResources': ['API resources', 'API 资源'],
    'AbpIdentityServer.IdentityResources': ['Identity resources', '身份资源'],
  },
);
