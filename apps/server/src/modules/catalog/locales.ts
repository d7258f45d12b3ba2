import { registerResource } from '../../platform/localization/index.ts';

/** Titles of the `/product` menu entries (`meta.title` = `Menus::<key>`). */
registerResource('Menus', {
  en: {
    Product: 'Products',
    Catalog: 'Categories',
    Brands: 'Brands',
    Suppliers: 'Suppliers',
    VendorSources: 'Vendor sources',
    PurchaseAttributes: 'Purchase attributes',
    ScreenAttributes: 'Screening attributes',
    AttributeGroups: 'Attribute groups',
  },
  'zh-Hans': {
    Product: '商品管理',
    Catalog: '商品分类',
    Brands: '品牌管理',
    Suppliers: '供应商管理',
    VendorSources: '货源平台',
    PurchaseAttributes: '采购属性',
    ScreenAttributes: '筛选属性',
    AttributeGroups: '属性组',
  },
});

/** Entities: [key, en, zh-Hans]; also give "New …" / "Edit …" titles. */
const entities: [string, string, string][] = [
  ['Category', 'Category', '分类'],
  ['Brand', 'Brand', '品牌'],
  ['Supplier', 'Supplier', '供应商'],
  ['VendorSource', 'Vendor source', '货源平台'],
  ['PurchaseAttribute', 'Purchase attribute', '采购属性'],
  ['ScreenAttribute', 'Screening attribute', '筛选属性'],
  ['AttributeGroup', 'Attribute group', '属性组'],
];

const fields: Record<string, [en: string, zh: string]> = {
  Code: ['Code', '编码'],
  Name: ['Name', '名称'],
  NameEn: ['English name', '英文名称'],
  Parent: ['Parent category', '上级分类'],
  Sort: ['Order', '排序'],
  Website: ['Website', '网址'],
  Description: ['Description', '描述'],
  FullName: ['Full name', '公司全称'],
  Grade: ['Grade', '等级'],
  ContactPerson: ['Contact person', '联系人'],
  Phone: ['Phone', '电话'],
  Email: ['E-mail', '邮箱'],
  Qq: ['QQ', 'QQ'],
  Wangwang: ['WangWang', '旺旺'],
  Wechat: ['WeChat', '微信'],
  Province: ['Province', '省份'],
  City: ['City', '城市'],
  Address: ['Address', '详细地址'],
  SettlementForm: ['Settlement form', '结算方式'],
  SettlementCycle: ['Settlement cycle', '结算周期'],
  PaymentType: ['Payment method', '支付方式'],
  PayeeAccount: ['Payee account', '收款账号'],
  AccountName: ['Account name', '收款户名'],
  Bank: ['Bank', '开户银行'],
  IsDefault: ['Default', '默认'],
  Remark: ['Remark', '备注'],
  UrlPatterns: ['URL patterns', '链接规则'],
  Values: ['Values', '属性值'],
  Value: ['Value', '值'],
  ValueEn: ['English value', '英文值'],
  ValueCode: ['SKU code', 'SKU 编码'],
  Options: ['Options', '选项'],
  Items: ['Attributes', '属性'],
  Attribute: ['Attribute', '属性'],
  Kind: ['Type', '类型'],
  Required: ['Required', '必填'],
  AttributeGroup: ['Attribute group', '属性组'],
  CreationTime: ['Created', '创建时间'],
};

const en: Record<string, string> = {
  Categories: 'Categories',
  Brands: 'Brands',
  Suppliers: 'Suppliers',
  VendorSources: 'Vendor sources',
  PurchaseAttributes: 'Purchase attributes',
  ScreenAttributes: 'Screening attributes',
  AttributeGroups: 'Attribute groups',
  AddRoot: 'New top-level category',
  AddChild: 'Add subcategory',
  DragHint: 'Drag a category to move it or change its order.',
  NoSelection: 'Select a category to see its details.',
  UrlPatternsHint: 'One per line: a host with an optional path, * matches anything (e.g. detail.1688.com/offer/*).',
  AddValue: 'Add value',
  AddOption: 'Add option',
  AddAttribute: 'Add attribute',
  'Kind:purchase': 'Purchase',
  'Kind:screen': 'Screening',
  'SettlementForm:5': 'Cash on delivery',
  'SettlementForm:10': 'Payment before delivery',
  'SettlementForm:15': 'Periodic settlement',
  'SettlementCycle:5': 'Weekly',
  'SettlementCycle:10': 'Half-monthly',
  'SettlementCycle:15': 'Monthly',
  'SettlementCycle:20': 'Quarterly',
  'PaymentType:5': 'Cash',
  'PaymentType:10': 'Bank transfer',
  'PaymentType:15': 'Alipay',
  'PaymentType:20': 'WeChat Pay',
  AlreadyExists: '{1} already exists.',
  Duplicate: '{1} appears more than once.',
  CodeFormat: 'Use capital letters, digits and single hyphens only.',
  UrlFormat: 'Enter an address starting with http:// or https://.',
  UrlPatternFormat: 'Enter a host with an optional path, e.g. detail.1688.com/offer/*.',
  PhoneFormat: 'Enter a valid phone number.',
  DigitsOnly: 'Digits only.',
  OptionInvalid: 'Choose one of the offered options.',
  AttributeNotFound: 'The attribute does not exist.',
  AttributeGroupNotFound: 'The attribute group does not exist.',
  CategoryNotFound: 'The category does not exist.',
  CategoryMoveToChild: 'A category cannot be moved under itself or one of its subcategories.',
  CategoryHasChildren: 'Delete or move its subcategories first.',
};

const zh: Record<string, string> = {
  Categories: '商品分类',
  Brands: '品牌',
  Suppliers: '供应商',
  VendorSources: '货源平台',
  PurchaseAttributes: '采购属性',
  ScreenAttributes: '筛选属性',
  AttributeGroups: '属性组',
  AddRoot: '新增顶级分类',
  AddChild: '新增子分类',
  DragHint: '拖动分类可移动位置或调整顺序。',
  NoSelection: '选择一个分类查看详情。',
  UrlPatternsHint: '每行一条:域名加可选路径,* 匹配任意字符(如 detail.1688.com/offer/*)。',
  AddValue: '添加属性值',
  AddOption: '添加选项',
  AddAttribute: '添加属性',
  'Kind:purchase': '采购属性',
  'Kind:screen': '筛选属性',
  'SettlementForm:5': '货到付款',
  'SettlementForm:10': '款到发货',
  'SettlementForm:15': '定期结算',
  'SettlementCycle:5': '周结',
  'SettlementCycle:10': '半月结',
  'SettlementCycle:15': '月结',
  'SettlementCycle:20': '季结',
  'PaymentType:5': '现金',
  'PaymentType:10': '银行转账',
  'PaymentType:15': '支付宝',
  'PaymentType:20': '微信支付',
  AlreadyExists: '{1} 已存在。',
  Duplicate: '{1} 重复出现。',
  CodeFormat: '只能使用大写字母、数字和单个连字符。',
  UrlFormat: '请输入以 http:// 或 https:// 开头的网址。',
  UrlPatternFormat: '请输入域名加可选路径,如 detail.1688.com/offer/*。',
  PhoneFormat: '请输入正确的电话号码。',
  DigitsOnly: '只能输入数字。',
  OptionInvalid: '请选择给出的选项之一。',
  AttributeNotFound: '属性不存在。',
  AttributeGroupNotFound: '属性组不存在。',
  CategoryNotFound: '分类不存在。',
  CategoryMoveToChild: '分类不能移动到其自身或其子分类之下。',
  CategoryHasChildren: '请先删除或移走其子分类。',
};

for (const [key, e, z] of entities) {
  en[key] = e;
  zh[key] = z;
  en[`New:${key}`] = `New ${e.toLowerCase()}`;
  zh[`New:${key}`] = `新增${z}`;
  en[`Edit:${key}`] = `Edit ${e.toLowerCase()}: {0}`;
  zh[`Edit:${key}`] = `编辑${z}:{0}`;
}
for (const [key, [e, z]] of Object.entries(fields)) {
  en[`DisplayName:${key}`] = e;
  zh[`DisplayName:${key}`] = z;
}

/** Texts of the catalogue module: entities, fields, options, messages (server errors and pages alike). */
registerResource('Catalog', { en, 'zh-Hans': zh });
