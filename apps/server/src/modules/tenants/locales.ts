import type { TextResources } from '../../core/module.ts';

/**
 * Texts of tenant management: server messages and the tenants page (the web app reads
 * them as `AbpTenantManagement::<key>` from the application configuration).
 */

/** This file's localization resources (registered by the kernel from the module definition). */
export const texts: TextResources[] = [
  {
    AbpTenantManagement: {
      en: {
        // messages
        Tenant: 'Tenant',
        InvalidTenantName:
          'A tenant name consists of letters, digits, "-" and "_", starts with a letter or digit and is not an id.',
        DuplicateTenantName: 'Tenant name {0} is already taken.',
        InvalidConnectionName:
          'A connection name starts with a letter and consists of letters, digits, ".", "-" and "_".',
        InvalidConnectionString:
          'Use a PostgreSQL URL (postgres://user:password@host:5432/database) or pglite:/absolute/folder.',
        MainDatabaseFolder: 'This folder holds the main database; choose another one.',
        DatabaseNotReachable: 'The database cannot be reached: {0}',
        TenantDataInTarget:
          'The target database already holds data of tenant {Tenant} (table {Table}); the tenant was not moved. Clear that data or choose another database.',
        // page
        Tenants: 'Tenants',
        SearchTenants: 'Search by name',
        Id: 'Id',
        'DisplayName:Name': 'Name',
        'DisplayName:IsActive': 'Active',
        'DisplayName:AdminEmailAddress': 'Admin e-mail address',
        'DisplayName:AdminPassword': 'Admin password',
        'DisplayName:DefaultConnectionString': 'Own database (optional)',
        'DisplayName:CreationTime': 'Created',
        'DisplayName:Database': 'Database',
        AdminPasswordHint: 'The tenant administrator signs in as "admin" with this password.',
        DefaultConnectionStringHint:
          'Leave empty to keep the tenant in the shared database. PostgreSQL URL or pglite:/absolute/folder.',
        SharedDatabase: 'Shared',
        OwnDatabase: 'Own',
        Active: 'Active',
        Inactive: 'Inactive',
        NewTenant: 'New tenant',
        Edit: 'Edit',
        Activate: 'Activate',
        Deactivate: 'Deactivate',
        DeleteTenant: 'Delete tenant {0}?',
        DeleteTenantDetails:
          'The tenant is removed: its users can no longer sign in, its sessions end at once and it disappears from this list. Its users, roles, menus and business data stay stored (soft delete) and are not shown anywhere.',
        ConnectionStrings: 'Connection strings',
        ConnectionStringsOf: 'Connection strings of {0}',
        ConnectionStringsHint:
          'The "Default" connection string names the database that holds the tenant\'s data. On save it is checked and migrated, and all of the tenant\'s data is moved there (the tenant is unavailable for that moment); a database that already holds data of this tenant is refused.',
        'DisplayName:ConnectionName': 'Name',
        'DisplayName:ConnectionValue': 'Connection string',
        Check: 'Check',
        CheckAll: 'Check',
        Reachable: 'Reachable',
        NotReachable: 'Not reachable',
        NotChecked: 'Not checked',
        AddConnectionString: 'Add',
        DeleteConnectionString: 'Delete connection string {0}?',
        DeleteDefaultConnectionString:
          'The tenant goes back to the shared database: all of its data is moved from {0} to the shared database (the tenant is unavailable for that moment).',
        Features: 'Features',
        FeaturesOf: 'Features of {0}',
        ResetFeatures: 'Reset to defaults',
        ResetFeaturesConfirm: 'Reset every feature of this tenant to its default value?',
        LogoPreview: 'Preview',
        Saved: 'Saved',
      },
      'zh-Hans': {
        Tenant: '租户',
        InvalidTenantName: '租户名称只能包含字母、数字、"-" 和 "_",须以字母或数字开头,且不能是 ID。',
        DuplicateTenantName: '租户名称 {0} 已被使用。',
        InvalidConnectionName: '连接名称须以字母开头,只能包含字母、数字、"."、"-" 和 "_"。',
        InvalidConnectionString: '请使用 PostgreSQL 地址(postgres://用户:密码@主机:5432/数据库)或 pglite:/绝对路径。',
        MainDatabaseFolder: '该目录存放主数据库,请选择其他目录。',
        DatabaseNotReachable: '无法连接数据库: {0}',
        TenantDataInTarget:
          '目标数据库中已有租户 {Tenant} 的数据(表 {Table}),租户未迁移。请先清除这些数据或选择其他数据库。',
        Tenants: '租户管理',
        SearchTenants: '按名称搜索',
        Id: 'Id',
        'DisplayName:Name': '名称',
        'DisplayName:IsActive': '启用',
        'DisplayName:AdminEmailAddress': '管理员邮箱',
        'DisplayName:AdminPassword': '管理员密码',
        'DisplayName:DefaultConnectionString': '独立数据库(可选)',
        'DisplayName:CreationTime': '创建时间',
        'DisplayName:Database': '数据库',
        AdminPasswordHint: '租户管理员以 "admin" 和此密码登录。',
        DefaultConnectionStringHint: '留空则使用共享数据库。PostgreSQL 地址或 pglite:/绝对路径。',
        SharedDatabase: '共享',
        OwnDatabase: '独立',
        Active: '启用',
        Inactive: '停用',
        NewTenant: '新建租户',
        Edit: '编辑',
        Activate: '启用',
        Deactivate: '停用',
        DeleteTenant: '删除租户 {0}?',
        DeleteTenantDetails:
          '租户将被删除:其用户无法再登录,现有会话立即失效,租户从列表中消失。其用户、角色、菜单和业务数据仍保留(软删除),但不再显示。',
        ConnectionStrings: '连接字符串',
        ConnectionStringsOf: '{0} 的连接字符串',
        ConnectionStringsHint:
          '"Default" 连接字符串指定保存租户数据的数据库。保存时会检查连通性并迁移结构,然后把该租户的全部数据移到该数据库(期间租户暂不可用);已存有该租户数据的数据库会被拒绝。',
        'DisplayName:ConnectionName': '名称',
        'DisplayName:ConnectionValue': '连接字符串',
        Check: '检查',
        CheckAll: '检查',
        Reachable: '可连接',
        NotReachable: '无法连接',
        NotChecked: '未检查',
        AddConnectionString: '添加',
        DeleteConnectionString: '删除连接字符串 {0}?',
        DeleteDefaultConnectionString: '租户将改回使用共享数据库:其全部数据从 {0} 移回共享数据库(期间租户暂不可用)。',
        Features: '功能',
        FeaturesOf: '{0} 的功能',
        ResetFeatures: '恢复默认',
        ResetFeaturesConfirm: '将此租户的所有功能恢复为默认值?',
        LogoPreview: '预览',
        Saved: '已保存',
      },
    },
  },
];
