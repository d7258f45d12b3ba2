import { CRUD_CHILDREN, permissionGroup } from '../permissions.ts';

// Catalogue master data is tenant business data; the pages also need AbpSettingManagement.Settings (spec §6).
export const catalogPermissions = permissionGroup('Catalog', ['Catalogue', '商品管理'], 'tenant', {
  'Catalog.Categories': { displayName: ['Categories', '商品分类'], children: CRUD_CHILDREN },
  'Catalog.Brands': { displayName: ['Brands', '品牌'], children: CRUD_CHILDREN },
  'Catalog.Suppliers': { displayName: ['Suppliers', '供应商'], children: CRUD_CHILDREN },
  'Catalog.VendorSources': { displayName: ['Vendor sources', '货源平台'], children: CRUD_CHILDREN },
  'Catalog.PurchaseAttributes': { displayName: ['Purchase attributes', '采购属性'], children: CRUD_CHILDREN },
  'Catalog.ScreenAttributes': { displayName: ['Screening attributes', '筛选属性'], children: CRUD_CHILDREN },
  'Catalog.AttributeGroups': { displayName: ['Attribute groups', '属性组'], children: CRUD_CHILDREN },
  'Catalog.Products': {
    displayName: ['Products', '商品'],
    children: { ...CRUD_CHILDREN, Approve: ['Change status', '审核'] },
  },
  'Catalog.Gathers': {
    displayName: ['Gathered products', '采集箱'],
    children: { ...CRUD_CHILDREN, Claim: ['Claim', '认领'] },
  },
  'Catalog.SkuImages': { displayName: ['SKU image export', 'SKU图片下载'] },
});
