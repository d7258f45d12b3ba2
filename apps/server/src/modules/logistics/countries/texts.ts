import type { TextResources } from '../../../core/module.ts';

/** Texts of the countries pages and messages (resource `Logistics`). */
const en: Record<string, string> = {
  'Country:Countries': 'Countries',
  'Country:Code': 'Code',
  'Country:Alpha3': 'Alpha-3',
  'Country:NameEn': 'English name',
  'Country:NameZh': 'Chinese name',
  'Country:Name': 'Country',
  'Country:Currency': 'Currency',
  'Country:PhoneCode': 'Phone code',
  'Country:IsEnabled': 'Status',
  'Country:Enabled': 'Enabled',
  'Country:Disabled': 'Disabled',
  'Country:All': 'All',
  'Country:Enable': 'Enable',
  'Country:Disable': 'Disable',
  'Country:EnableSelected': 'Enable selected',
  'Country:DisableSelected': 'Disable selected',
  'Country:Updated': '{0} countries updated.',
  'Country:SearchPlaceholder': 'Code or name',
  'Country:Hint':
    'Countries are the ISO 3166-1 list shared by every company. A disabled country is kept in zones and rules but cannot be shipped to.',
  'Country:ConfirmDisable': 'Disable {0}? Freight estimates to it will be refused until it is enabled again.',
  'Country:ConfirmEnable': 'Enable {0}?',
  'Country:Selected': '{0} selected',
};

const zh: Record<string, string> = {
  'Country:Countries': '国家管理',
  'Country:Code': '二字码',
  'Country:Alpha3': '三字码',
  'Country:NameEn': '英文名称',
  'Country:NameZh': '中文名称',
  'Country:Name': '国家',
  'Country:Currency': '币种',
  'Country:PhoneCode': '电话区号',
  'Country:IsEnabled': '状态',
  'Country:Enabled': '已启用',
  'Country:Disabled': '已停用',
  'Country:All': '全部',
  'Country:Enable': '启用',
  'Country:Disable': '停用',
  'Country:EnableSelected': '批量启用',
  'Country:DisableSelected': '批量停用',
  'Country:Updated': '已更新 {0} 个国家。',
  'Country:SearchPlaceholder': '代码或名称',
  'Country:Hint': '国家为所有公司共用的 ISO 3166-1 列表。停用的国家仍保留在分区和规则中,但不能发往该国。',
  'Country:ConfirmDisable': '确定停用 {0}?在重新启用前,发往该国的运费试算将被拒绝。',
  'Country:ConfirmEnable': '确定启用 {0}?',
  'Country:Selected': '已选 {0} 项',
};

export const texts: TextResources = { Logistics: { en, 'zh-Hans': zh } };
