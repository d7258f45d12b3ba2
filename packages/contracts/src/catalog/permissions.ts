import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

export const catalogPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    // Catalogue master data is tenant business data; the pages also need AbpSettingManagement.Settings (spec §6).
    name: 'Catalog',
    displayName: ['Catalogue', '商品管理'],
    permissions: [
      ...withChildren('Catalog.Categories', CRUD, 'tenant'),
      ...withChildren('Catalog.Brands', CRUD, 'tenant'),
      ...withChildren('Catalog.Suppliers', CRUD, 'tenant'),
      ...withChildren('Catalog.VendorSources', CRUD, 'tenant'),
      ...withChildren('Catalog.PurchaseAttributes', CRUD, 'tenant'),
      ...withChildren('Catalog.ScreenAttributes', CRUD, 'tenant'),
      ...withChildren('Catalog.AttributeGroups', CRUD, 'tenant'),
      ...withChildren('Catalog.Products', [...CRUD, 'Approve'], 'tenant'),
      ...withChildren('Catalog.Gathers', [...CRUD, 'Claim'], 'tenant'),
      ...withChildren('Catalog.SkuImages', [], 'tenant'),
    ],
  },
  {
    'Catalog.Categories': ['Categories', '商品分类'],
    'Catalog.Brands': ['Brands', '品牌'],
    'Catalog.Suppliers': ['Suppliers', '供应商'],
    'Catalog.VendorSources': ['Vendor sources', '货源平台'],
    'Catalog.PurchaseAttributes': ['Purchase attributes', '采购属性'],
    'Catalog.ScreenAttributes': ['Screening attributes', '筛选属性'],
    'Catalog.AttributeGroups': ['Attribute groups', '属性组'],
    'Catalog.Products': ['Products', '商品'],
    'Catalog.Products.Approve': ['Change status', '审核'],
    'Catalog.Gathers': ['Gathered products', '采集箱'],
    'Catalog.Gathers.Claim': ['Claim', '认领'],
    'Catalog.SkuImages': ['SKU image export', 'SKU图片下载'],
  },
);
