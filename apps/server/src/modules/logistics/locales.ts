import type { TextResources } from '../../core/module.ts';

/** Texts of the logistics module (server messages and pages alike), and its menu titles. */

const en: Record<string, string> = {
  Warehouses: 'Warehouses',
  'New:Warehouse': 'New warehouse',
  'Edit:Warehouse': 'Edit warehouse: {0}',
  'DisplayName:Code': 'Code',
  'DisplayName:Name': 'Name',
  'DisplayName:Type': 'Type',
  'DisplayName:CountryCode': 'Country',
  'DisplayName:Address': 'Address',
  'DisplayName:ContactName': 'Contact',
  'DisplayName:ContactPhone': 'Contact phone',
  'DisplayName:IsDefault': 'Default',
  'DisplayName:IsActive': 'Status',
  'DisplayName:CreationTime': 'Created',
  'WarehouseType:OWN': 'Own',
  'WarehouseType:OVERSEAS': 'Overseas',
  'WarehouseType:THIRD_PARTY': 'Third-party',
  'WarehouseType:PLATFORM': 'Platform',
  Active: 'Active',
  Inactive: 'Inactive',
  Yes: 'Yes',
  CountryCodeHint: 'Two capital letters (ISO 3166-1), e.g. CN, MY.',
  DefaultHint: 'The default warehouse is replaced by making another one default.',
  AlreadyExists: '{1} already exists.',
  CodeFormat: 'Use capital letters, digits and single hyphens only.',
  CountryCodeFormat: 'Enter a two-letter country code in capitals (ISO 3166-1), e.g. CN.',
  PhoneFormat: 'Enter a valid phone number.',
  DefaultRequired: 'There is always one default warehouse: make another warehouse the default instead.',
};

const zh: Record<string, string> = {
  Warehouses: '仓库管理',
  'New:Warehouse': '新增仓库',
  'Edit:Warehouse': '编辑仓库:{0}',
  'DisplayName:Code': '仓库编码',
  'DisplayName:Name': '仓库名称',
  'DisplayName:Type': '仓库类型',
  'DisplayName:CountryCode': '国家',
  'DisplayName:Address': '地址',
  'DisplayName:ContactName': '联系人',
  'DisplayName:ContactPhone': '联系电话',
  'DisplayName:IsDefault': '默认',
  'DisplayName:IsActive': '状态',
  'DisplayName:CreationTime': '创建时间',
  'WarehouseType:OWN': '自建仓',
  'WarehouseType:OVERSEAS': '海外仓',
  'WarehouseType:THIRD_PARTY': '第三方仓',
  'WarehouseType:PLATFORM': '平台仓',
  Active: '启用',
  Inactive: '停用',
  Yes: '是',
  CountryCodeHint: '两位大写字母(ISO 3166-1),如 CN、MY。',
  DefaultHint: '默认仓库只能通过把另一个仓库设为默认来更换。',
  AlreadyExists: '{1} 已存在。',
  CodeFormat: '只能使用大写字母、数字和单个连字符。',
  CountryCodeFormat: '请输入两位大写国家代码(ISO 3166-1),如 CN。',
  PhoneFormat: '请输入正确的电话号码。',
  DefaultRequired: '始终需要一个默认仓库:请把另一个仓库设为默认。',
};

export const texts: TextResources[] = [
  {
    Menus: {
      en: { Physical: 'Logistics', Warehouses: 'Warehouses' },
      'zh-Hans': { Physical: '物流管理', Warehouses: '仓库管理' },
    },
    Logistics: { en, 'zh-Hans': zh },
  },
];
