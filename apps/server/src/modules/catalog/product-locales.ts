import { registerResource } from '../../platform/localization/index.ts';

/** Texts of products and the recycle area (added to the `Catalog` and `Menus` resources). */

registerResource('Menus', {
  en: { ProductList: 'Product list', ProductRecycle: 'Recycle bin', ProductDetail: 'Product detail' },
  'zh-Hans': { ProductList: '商品列表', ProductRecycle: '回收站', ProductDetail: '商品详情' },
});

const pair: Record<string, [en: string, zh: string]> = {
  Product: ['Product', '商品'],
  Products: ['Products', '商品'],
  'New:Product': ['New product', '新增商品'],
  'Edit:Product': ['Edit product: {0}', '编辑商品:{0}'],
  ProductVariant: ['Variant', '变体'],
  Recycle: ['Recycle bin', '回收站'],
  // Spec §5, the product form's own messages.
  'Product:NameRequired': ['Please enter a name', '请输入名称'],
  'Product:NameMinLength': ['At least 3 characters', '长度在 3 个字符以上'],
  'Product:PriceRequired': ['Please enter a price', '请填写价格'],
  'Product:SkuRequired': ['Please enter the parent SKU', '请输入父sku'],
  'Product:CategoryRequired': ['Please choose a category', '请选择分类'],
  'Product:DescriptionRequired': ['Please enter a description', '请输入描述'],
  IdRequired: ['The id is required', '缺少 id'],
  SkuFormat: ['Use capital letters, digits and single hyphens only.', '只能使用大写字母、数字和单个连字符。'],
  SkuTaken: ['SKU {0} is already taken.', 'SKU {0} 已被占用。'],
  SkuTooLong: ['SKU {0} is longer than {1} characters.', 'SKU {0} 超过 {1} 个字符。'],
  SkuExhausted: ['No free SKU left for prefix {0}.', '前缀 {0} 已无可用 SKU。'],
  CurrencyFormat: ['Use a three-letter currency code.', '请使用三位货币代码。'],
  BrandNotFound: ['The brand does not exist.', '品牌不存在。'],
  AttributeValueNotFound: ['The attribute value does not exist.', '属性值不存在。'],
  IllegalTransition: [
    'A product cannot move from PMS status {from} to {to}.',
    '商品的 PMS 状态不能从 {from} 变为 {to}。',
  ],
  GenerateSku: ['Generate', '生成'],
  SetActive: ['Activate', '启用'],
  SetInactive: ['Deactivate', '停用'],
  Approve: ['Change status', '审核'],
  Restore: ['Restore', '还原'],
  ClearForGood: ['Delete for good', '彻底删除'],
  DeleteNotRecoverable: ['Deletion is not recoverable. Continue?', '删除后将无法恢复,是否继续?'],
  MovedToRecycle: ['Moved to the recycle bin.', '已移入回收站。'],
  Variants: ['Variants', '变体'],
  VariantOptions: ['Variant attributes', '变体属性'],
  AllStatuses: ['All statuses', '全部状态'],
  'PmsStatus:0': ['Auto-created', '自动创建'],
  'PmsStatus:1': ['Developing', '开发中'],
  'PmsStatus:2': ['Trial sale', '试卖'],
  'PmsStatus:3': ['On sale', '在售'],
  'PmsStatus:4': ['Clearance', '清仓'],
  'PmsStatus:5': ['Discontinued', '停售'],
  'Special:battery': ['Battery', '含电'],
  'Special:pureBattery': ['Pure battery', '纯电'],
  'Special:liquid': ['Liquid', '液体'],
  'Special:powder': ['Powder', '粉末'],
  'Special:paste': ['Paste', '膏体'],
  'Special:magnetic': ['Magnetic', '带磁'],
  'DisplayName:Sku': ['Parent SKU', '父SKU'],
  'DisplayName:ProductName': ['Name', '名称'],
  'DisplayName:Categories': ['Categories', '分类'],
  'DisplayName:Brand': ['Brand', '品牌'],
  'DisplayName:Price': ['Price', '价格'],
  'DisplayName:PmsStatus': ['PMS status', 'PMS状态'],
  'DisplayName:IsActive': ['Active', '启用'],
  'DisplayName:InStock': ['In stock', '有库存'],
  'DisplayName:Developer': ['Development', '开发员'],
  'DisplayName:Purchaser': ['Purchasing', '采购员'],
  'DisplayName:ArtDesigner': ['Art designer', '美工'],
  'DisplayName:Weight': ['Weight (g)', '重量 (g)'],
  'DisplayName:Dimensions': ['L × W × H (cm)', '长 × 宽 × 高 (cm)'],
  'DisplayName:Customs': ['Customs', '报关信息'],
  'DisplayName:Length': ['Length (cm)', '长 (cm)'],
  'DisplayName:Width': ['Width (cm)', '宽 (cm)'],
  'DisplayName:Height': ['Height (cm)', '高 (cm)'],
  'DisplayName:PackageWeight': ['Package weight (g)', '包装重量 (g)'],
  'DisplayName:PackageDimensions': ['Package L × W × H (cm)', '包装长 × 宽 × 高 (cm)'],
  'DisplayName:DeclaredNameCn': ['Declared name (Chinese)', '中文报关名'],
  'DisplayName:DeclaredNameEn': ['Declared name (English)', '英文报关名'],
  'DisplayName:DeclaredValue': ['Declared value', '申报价值'],
  'DisplayName:DeclaredCurrency': ['Currency', '币种'],
  'DisplayName:HsCode': ['HS code', '海关编码'],
  'DisplayName:SpecialAttributes': ['Special attributes', '特殊属性'],
  'DisplayName:VariantSku': ['SKU', 'SKU'],
  'DisplayName:VariantLabel': ['Variant', '规格'],
  'DisplayName:DeletionTime': ['Deleted', '删除时间'],
};

const en: Record<string, string> = {};
const zh: Record<string, string> = {};
for (const [key, [e, z]] of Object.entries(pair)) {
  en[key] = e;
  zh[key] = z;
}
registerResource('Catalog', { en, 'zh-Hans': zh });
