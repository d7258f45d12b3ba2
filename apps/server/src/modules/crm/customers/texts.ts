import type { Culture } from '@seller/contracts';
import {
  customerIndustries,
  customerLevels,
  customerSources,
  type DictionaryEntry,
  type PoolReasonKind,
} from '@seller/contracts/crm';
import { t } from '../../../core/localization/index.ts';
import { bilingual } from '../../../core/localization/pairs.ts';
import type { TextResources } from '../../../core/module.ts';

const pairs: Record<string, [string, string]> = {
  Title: ['Customers', '客户'],
  ExportName: ['Customers', '客户列表'],
  NewCustomer: ['New customer', '新建客户'],
  EditCustomer: ['Edit customer', '编辑客户'],
  'Scope:mine': ['My customers', '我负责的'],
  Scope: ['Whose', '范围'],
  'Scope:team': ['My teams', '我参与的'],
  'Scope:all': ['All I can see', '全部客户'],
  Name: ['Customer name', '客户名称'],
  Mobile: ['Mobile', '手机'],
  Telephone: ['Telephone', '电话'],
  Email: ['E-mail', '邮箱'],
  Qq: ['QQ', 'QQ'],
  Wechat: ['WeChat', '微信'],
  Country: ['Country', '国家/地区'],
  DetailAddress: ['Address', '详细地址'],
  Industry: ['Industry', '所属行业'],
  Level: ['Level', '客户级别'],
  Source: ['Source', '客户来源'],
  Remark: ['Remark', '备注'],
  Tags: ['Tags', '标签'],
  Owner: ['Owner', '负责人'],
  OwnerTime: ['Owned since', '领取时间'],
  Creator: ['Created by', '创建人'],
  CreationTime: ['Created', '创建时间'],
  CreatedRange: ['Created between', '创建时间'],
  ContactLastTime: ['Last contact', '最后跟进时间'],
  ContactLastContent: ['Last follow-up', '最后跟进内容'],
  ContactNextTime: ['Next contact', '下次联系时间'],
  FollowUpStatus: ['Follow-up', '跟进状态'],
  FollowedUp: ['Followed up', '已跟进'],
  NotFollowedUp: ['Not followed up', '未跟进'],
  Locked: ['Locked', '锁定'],
  Unlocked: ['Not locked', '未锁定'],
  Dealt: ['Dealt', '成交'],
  NotDealt: ['Not dealt', '未成交'],
  InPool: ['In the pool', '公海中'],
  PoolTime: ['Put in pool', '进入公海时间'],
  PoolReason: ['Reason for the pool', '放入公海原因'],
  Yes: ['Yes', '是'],
  No: ['No', '否'],
  Keyword: ['Name, mobile or e-mail', '客户名称/手机/邮箱'],
  Search: ['Search', '搜索'],
  Reset: ['Reset', '重置'],
  Save: ['Save', '保存'],
  Saved: ['Saved', '已保存'],
  Cancel: ['Cancel', '取消'],
  Back: ['Back', '返回'],
  Edit: ['Edit', '编辑'],
  Delete: ['Delete', '删除'],
  Deleted: ['Deleted', '已删除'],
  ConfirmDelete: [
    'Delete customer {0}? Its contacts, team and trail go with it.',
    '确定删除客户 {0}?其联系人、团队和负责人记录将一并删除。',
  ],
  BasicInfo: ['Basic information', '基本信息'],
  Contacts: ['Contacts', '联系人'],
  Team: ['Team', '团队成员'],
  OwnerTrail: ['Owner trail', '负责人变更'],
  Transfer: ['Transfer', '转移'],
  TransferTo: ['New owner', '新负责人'],
  KeepOldOwner: ['Keep the old owner on the team', '原负责人保留为团队成员'],
  KeepNone: ['No', '不保留'],
  Transferred: ['Transferred', '已转移'],
  MarkDealt: ['Mark dealt', '标记成交'],
  MarkNotDealt: ['Mark not dealt', '取消成交'],
  Lock: ['Lock', '锁定'],
  Unlock: ['Unlock', '解锁'],
  PutBack: ['Put back in the pool', '放入公海'],
  PutBackReason: ['Why it goes back', '放入公海原因'],
  ConfirmPutBack: ['Put this customer back in the public pool?', '确定将该客户放入公海?'],
  Reason: ['Reason', '原因'],
  AddMember: ['Add member', '添加成员'],
  Member: ['Member', '成员'],
  MemberLevel: ['Access', '权限'],
  'MemberLevel:2': ['Read', '只读'],
  'MemberLevel:3': ['Read and write', '读写'],
  'MemberLevel:1': ['Owner', '负责人'],
  RemoveMember: ['Remove', '移除'],
  ConfirmRemoveMember: ['Remove {0} from the team?', '确定将 {0} 移出团队?'],
  AddContact: ['New contact', '新建联系人'],
  EditContact: ['Edit contact', '编辑联系人'],
  ContactName: ['Name', '姓名'],
  Post: ['Position', '职务'],
  Master: ['Key decision-maker', '关键决策人'],
  Sex: ['Sex', '性别'],
  'Sex:1': ['Male', '男'],
  'Sex:2': ['Female', '女'],
  ConfirmDeleteContact: ['Delete contact {0}?', '确定删除联系人 {0}?'],
  'Kind:CREATE': ['Created', '创建'],
  'Kind:TRANSFER': ['Transferred', '转移'],
  'Kind:CLAIM': ['Claimed from the pool', '从公海领取'],
  'Kind:ASSIGN': ['Assigned', '分配'],
  'Kind:PUT_BACK': ['Put back in the pool', '放入公海'],
  'Kind:AUTO_RETURN': ['Returned to the pool by the rule', '自动回收至公海'],
  By: ['by {0}', '操作人 {0}'],
  Pool: ['Public pool', '公海'],
  Import: ['Import', '导入'],
  ImportTitle: ['Import customers from Excel', '从 Excel 导入客户'],
  ImportHint: [
    'All rows are imported or none: fix the rows listed and upload again. You become the owner of every imported customer.',
    '全部导入或全部不导入:请修改列出的行后重新上传。导入的客户负责人为您本人。',
  ],
  ImportTemplate: ['Download the template', '下载模板'],
  ImportChoose: ['Choose an .xlsx file', '选择 .xlsx 文件'],
  ImportDone: ['{0} customers imported.', '已导入 {0} 个客户。'],
  ImportFailed: ['Nothing was imported: {0} errors.', '未导入:共 {0} 处错误。'],
  ImportRow: ['Row', '行'],
  ImportColumn: ['Column', '列'],
  ImportMessage: ['Problem', '问题'],
  ImportNotExcel: ['The file is not an Excel workbook (.xlsx).', '文件不是 Excel 工作簿(.xlsx)。'],
  ImportEmpty: ['The sheet has no rows below its headers.', '工作表表头以下没有数据。'],
  ImportColumnMissing: ['The sheet has no column {0}.', '工作表缺少“{0}”列。'],
  ImportInvalidValue: ['The value of {0} is not valid.', '“{0}”的值无效。'],
  ImportTagNotFound: ['There is no customer tag named {0}.', '没有名为 {0} 的客户标签。'],
  ChooseOption: ['Choose one of the options.', '请选择给出的选项之一。'],
  InvalidPhone: ['Not a phone number.', '不是有效的电话号码。'],
  InvalidQq: ['Not a QQ number (5 to 15 digits).', '不是有效的 QQ 号(5 到 15 位数字)。'],
  InvalidCountry: ['A two-letter country code, such as CN.', '请填写两位国家代码,如 CN。'],
  DuplicateCheckEmpty: ['Give a name, mobile or e-mail to check.', '请填写客户名称、手机或邮箱后再查重。'],
  TagNotFound: ['A tag does not exist or is not a customer tag.', '标签不存在或不是客户标签。'],
  UserNotFound: ['The user does not exist in this tenant.', '该用户不存在。'],
  AlreadyOwner: ['The customer already belongs to this user.', '该客户的负责人已是此用户。'],
  OwnerIsNoMember: ['The owner is not added to the team: they own the customer.', '负责人无需添加为团队成员。'],
  Duplicates: ['Possible duplicates', '疑似重复客户'],
  DuplicatesHint: [
    'These customers have the same name, mobile or e-mail. Save anyway?',
    '以下客户的名称、手机或邮箱相同。仍要保存吗?',
  ],
  DuplicateHidden: ['A customer you cannot see (owner: {0})', '您无权查看的客户(负责人:{0})'],
  DuplicateInPool: ['in the public pool', '在公海中'],
  MatchedOn: ['Same', '相同项'],
  SaveAnyway: ['Save anyway', '仍然保存'],
  NotFound: ['The customer does not exist or you may not see it.', '客户不存在或您无权查看。'],
  Empty: ['No customers yet', '暂无客户'],
  More: ['More', '更多'],
};

/** `Prefix:value` texts of each dictionary's entries: the dictionaries carry both languages. */
export const dictionaryPairs = (dictionaries: readonly (readonly [prefix: string, readonly DictionaryEntry[]])[]) =>
  Object.fromEntries(
    dictionaries.flatMap(([prefix, dict]) => dict.map((d) => [`${prefix}:${d.value}`, [d.en, d.zh] as const])),
  );

/** Texts of customers (`CrmCustomers`): the list, detail, editing page, import and their refusals. */
export const texts: TextResources = {
  // the list's enum texts (`Level:1`) come from the dictionaries
  CrmCustomers: bilingual({
    ...pairs,
    ...dictionaryPairs([
      ['Level', customerLevels],
      ['Source', customerSources],
      ['Industry', customerIndustries],
    ]),
  }),
};

/**
 * A customer's pool reason as stored (`pool_reason`, and an owner record's reason): the words of
 * whoever put it back, or the code the pool rule writes. Customers show it and the pool lists and
 * filters by it; it lives with the column, so the pool depends on customers and not the reverse.
 */
export function poolReasonKind(reason: string | null): PoolReasonKind | null {
  if (reason === null) return null;
  if (reason === 'AUTO:NO_DEAL') return 'NO_DEAL';
  if (reason === 'AUTO:NO_FOLLOW_UP') return 'NO_FOLLOW_UP';
  return 'PUT_BACK';
}

/** A stored pool reason in the reader's language: the rule's codes read as the pool's texts say them. */
export function poolReasonText(culture: Culture, reason: string | null): string | null {
  const kind = poolReasonKind(reason);
  if (kind === 'NO_DEAL' || kind === 'NO_FOLLOW_UP') return t(culture, `CrmPool::Reason:${kind}`);
  return reason;
}
