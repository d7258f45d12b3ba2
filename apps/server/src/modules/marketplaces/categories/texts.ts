import { bilingual } from '../../../core/localization/pairs.ts';
import type { TextResources } from '../../../core/module.ts';

/** Texts of category mapping (resource `CategoryMapping`): the server's refusals and the page's words. */
const pairs: Record<string, [string, string]> = {
  // refusals
  AlreadyExists: ['{0} is already taken.', '{0} 已被占用。'],
  RegionFormat: ['A site is a two-letter country code.', '站点是两位国家代码。'],
  ShopNeedsTenant: ['Shops belong to a tenant.', '店铺属于租户。'],
  ShopNeedsAuthorization: ['The shop needs to be authorized again ({0}).', '店铺需要重新授权（{0}）。'],
  MarketplaceRefused: ['The marketplace refused the request: {0}', '平台拒绝了请求：{0}'],
  MarketplaceUnavailable: [
    'The marketplace is busy or unreachable; try again later ({0}).',
    '平台繁忙或无法访问，请稍后重试（{0}）。',
  ],
  UnknownPlatformCategory: [
    'The platform category {0} is not in the cached tree; refresh the tree.',
    '平台类目 {0} 不在已缓存的类目树中，请刷新类目树。',
  ],
  NotALeaf: ['{0} is not a leaf category; choose a leaf.', '{0} 不是末级类目，请选择末级类目。'],
  AttributesNotLoaded: [
    "The platform category's attributes are not loaded yet; open the category through a shop first.",
    '该平台类目的属性尚未加载，请先通过店铺打开该类目。',
  ],
  UnknownCatalogCategory: ['The catalogue category does not exist.', '商品分类不存在。'],
  AlreadyMapped: ['This category is already mapped for {0} {1}.', '该分类已映射到 {0} {1}。'],
  AttributeRepeated: ['The attribute {0} is listed twice.', '属性 {0} 重复。'],
  UnknownAttribute: ['{0} is not an attribute of the platform category.', '{0} 不是该平台类目的属性。'],
  AttributeKindRequired: ['Say whether it is a purchase or a screen attribute.', '请指明是采购属性还是筛选属性。'],
  ValueMapWithoutAttribute: ['A value map needs a catalogue attribute.', '值映射需要先选择商品属性。'],
  UnknownCatalogAttribute: ['The catalogue attribute does not exist.', '商品属性不存在。'],
  ValueRepeated: ['The catalogue value {0} is mapped twice.', '商品属性值 {0} 重复映射。'],
  UnknownCatalogValue: ['The value is not one of the catalogue attribute.', '该值不属于所选商品属性。'],
  NotAnOption: ['{0} is not an option of {1}.', '{0} 不是 {1} 的可选值。'],
  MandatoryAttribute: [
    '{0} is mandatory: map it to a catalogue attribute or give a default.',
    '{0} 为必填属性：请映射商品属性或填写默认值。',
  ],
  // page
  Title: ['Category mapping', '类目映射'],
  New: ['New mapping', '新增映射'],
  Edit: ['Edit mapping', '编辑映射'],
  CatalogCategory: ['Catalogue category', '商品分类'],
  Platform: ['Platform', '平台'],
  Region: ['Site', '站点'],
  Shop: ['Shop', '店铺'],
  PlatformCategory: ['Platform category', '平台类目'],
  PlatformCategoryId: ['Platform category id', '平台类目ID'],
  Attributes: ['Attributes', '属性'],
  AttributeCount: ['Mapped attributes', '已映射属性'],
  Attribute: ['Platform attribute', '平台属性'],
  Mandatory: ['Mandatory', '必填'],
  SaleProp: ['Sale property', '销售属性'],
  CatalogAttribute: ['Catalogue attribute', '商品属性'],
  ValueMap: ['Value map', '值映射'],
  DefaultValue: ['Default', '默认值'],
  RefreshTree: ['Refresh category tree', '刷新类目树'],
  Refreshed: ['Category tree refreshed: {0} categories.', '类目树已刷新：共 {0} 个类目。'],
  SearchCategory: ['Search platform categories', '搜索平台类目'],
  PickShop: ['Choose a shop to read the platform categories', '请选择店铺以读取平台类目'],
  NoShop: ['No authorized shop on this platform yet.', '该平台还没有已授权的店铺。'],
  LeafOnly: ['Only leaf categories can be chosen.', '只能选择末级类目。'],
  None: ['(none)', '（无）'],
  Purchase: ['Purchase', '采购属性'],
  Screen: ['Screen', '筛选属性'],
  CreationTime: ['Created', '创建时间'],
  Saved: ['Saved.', '已保存。'],
  Deleted: ['Deleted.', '已删除。'],
  ConfirmDelete: ['Delete this mapping?', '确定删除该映射？'],
};

export const texts: TextResources = { CategoryMapping: bilingual(pairs) };
