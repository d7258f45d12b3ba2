import { crudNode, permissionGroup } from '../permissions.ts';

// Catalogue master data is tenant business data; the pages also need AbpSettingManagement.Settings (spec §6).
export const catalogPermissions = permissionGroup('Catalog', ['Catalogue', '商品管理'], 'tenant', {
  'Catalog.Categories': crudNode(['Categories', '商品分类']),
  'Catalog.Brands': crudNode(['Brands', '品牌']),
  'Catalog.Suppliers': crudNode(['Suppliers', '供应商']),
  'Catalog.VendorSources': crudNode(['Vendor sources', '货源平台']),
  'Catalog.PurchaseAttributes': crudNode(['Purchase attributes', '采购属性']),
  'Catalog.ScreenAttributes': crudNode(['Screening attributes', '筛选属性']),
  'Catalog.AttributeGroups': crudNode(['Attribute groups', '属性组']),
  'Catalog.Products': crudNode(['Products', '商品'], { Approve: ['Change status', '审核'] }),
  'Catalog.Gathers': crudNode(['Gathered products', '采集箱'], { Claim: ['Claim', '认领'] }),
  'Catalog.SkuImages': { displayName: ['SKU image export', 'SKU图片下载'] },
});
