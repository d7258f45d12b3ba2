import { customerIndustries, customerSources } from '@seller/contracts/crm';
import { bilingual } from '../../../core/localization/pairs.ts';
import type { TextResources } from '../../../core/module.ts';
import { dictionaryPairs } from '../customers/texts.ts';

/** The resource of the pool's texts, its errors' codes and its reminder's words. */
export const RESOURCE = 'CrmPool';

const pairs: Record<string, [string, string]> = {
  Title: ['Public pool', '公海客户'],
  ExportName: ['Public pool customers', '公海客户'],
  Name: ['Customer', '客户名称'],
  Level: ['Level', '客户级别'],
  Mobile: ['Mobile', '手机'],
  Telephone: ['Telephone', '电话'],
  Email: ['Email', '邮箱'],
  ContactLastTime: ['Last follow-up', '最后跟进时间'],
  ContactLastContent: ['Last follow-up note', '最后跟进记录'],
  PoolTime: ['In the pool since', '进入公海时间'],
  PoolReason: ['Why in the pool', '放入原因'],
  PreviousOwner: ['Previous owner', '前负责人'],
  CreationTime: ['Created', '创建时间'],
  'Reason:NO_FOLLOW_UP': ['Returned by the pool rule: no follow-up for too long', '公海规则：超期未跟进'],
  'Reason:NO_DEAL': ['Returned by the pool rule: no deal for too long', '公海规则：超期未成交'],
  'ReasonKind:PUT_BACK': ['Put back', '手动放入'],
  'ReasonKind:NO_FOLLOW_UP': ['No follow-up', '超期未跟进'],
  'ReasonKind:NO_DEAL': ['No deal', '超期未成交'],
  NotInPool: ['{name} is no longer in the public pool.', '客户「{name}」已不在公海中。'],
  PoolCustomerLocked: ['{name} is locked and cannot be claimed.', '客户「{name}」已锁定，不能领取。'],
  PoolCustomerDealt: ['{name} has a deal and cannot be claimed.', '客户「{name}」已成交，不能领取。'],
  LockedCannotPutBack: [
    '{name} is locked: unlock it before putting it back.',
    '客户「{name}」已锁定，请先解锁再放入公海。',
  ],
  DealtCannotPutBack: [
    '{name} has a deal: a dealt customer cannot be claimed from the pool, so it stays with its owner (mark it not dealt first).',
    '客户「{name}」已成交：成交客户不能从公海领取，因此不能放入公海（请先取消成交标记）。',
  ],
  AlreadyLocked: ['{name} is already locked.', '客户「{name}」已是锁定状态。'],
  NotLocked: ['{name} is not locked.', '客户「{name}」未锁定。'],
  OwnerLimitReached: [
    'Customer limit reached: {count} owned, {adding} more would exceed the limit of {max}.',
    '已达到拥有客户数上限：当前 {count} 个，再增加 {adding} 个将超过上限 {max} 个。',
  ],
  LockLimitReached: [
    'Lock limit reached: {count} locked, the limit is {max}.',
    '已达到锁定客户数上限：当前已锁定 {count} 个，上限 {max} 个。',
  ],
  UsersOnly: ['Only a signed-in user can claim customers.', '只有登录用户才能领取客户。'],
  UnknownUser: ['The user does not exist or is inactive.', '用户不存在或已停用。'],
  UnknownUnit: ['The organization unit does not exist.', '组织机构不存在。'],
  LimitNeedsUsersOrUnits: ['Choose users or organization units.', '请选择用户或组织机构。'],
  'Reminder:Title': ['Customers returning to the public pool', '客户即将掉入公海'],
  'Reminder:Message': [
    '{count} of your customers will return to the public pool within {days} days unless you follow up or close a deal.',
    '您有 {count} 个客户将在 {days} 天内掉入公海，请及时跟进或成交。',
  ],
  // the page
  'Page:Search': ['Customer name, mobile, telephone or email', '客户名称、手机、电话或邮箱'],
  'Page:Claim': ['Claim', '领取'],
  'Page:ClaimSelected': ['Claim selected ({0})', '批量领取（{0}）'],
  'Page:ClaimConfirm': ['Claim this customer? It becomes yours.', '确定领取该客户吗？领取后由您负责。'],
  'Page:ClaimSelectedConfirm': ['Claim the {0} selected customers?', '确定领取选中的 {0} 个客户吗？'],
  'Page:Claimed': ['Claimed {0} customer(s)', '已领取 {0} 个客户'],
  'Page:Assign': ['Assign', '分配'],
  'Page:AssignSelected': ['Assign selected ({0})', '批量分配（{0}）'],
  'Page:AssignTitle': ['Assign to a user', '分配给用户'],
  'Page:AssignTo': ['User', '负责人'],
  'Page:Assigned': ['Assigned {0} customer(s)', '已分配 {0} 个客户'],
  'Page:LimitTitle': ['Limit reached', '超出客户数上限'],
  'Page:Settings': ['Pool rules', '公海规则'],
  'Page:RunNow': ['Run the rule now', '立即执行回收'],
  'Page:RunConfirm': [
    'Return every customer the rule matches to the pool now? Their owners lose them.',
    '立即按规则回收客户到公海吗？负责人将失去这些客户。',
  ],
  'Page:RunResult': [
    '{0} customer(s) returned to the pool, {1} owner(s) reminded',
    '已回收 {0} 个客户，提醒 {1} 位负责人',
  ],
  'Page:RunDisabled': ['The pool rule is off: nothing returned.', '公海规则未启用，未回收任何客户。'],
  'Page:RuleSummary': [
    'Customers return after {0} days without a follow-up or {1} days without a deal.',
    '客户超过 {0} 天未跟进或 {1} 天未成交将自动掉入公海。',
  ],
  'Page:RuleOff': ['Customers do not return to the pool by themselves.', '未启用自动回收。'],
  'Page:LastRun': ['Last run {0}: {1} returned', '上次执行 {0}：回收 {1} 个'],
  'Page:Enabled': ['Return customers automatically', '启用公海规则'],
  'Page:ContactExpireDays': ['Days without a follow-up', '未跟进放入公海天数'],
  'Page:DealExpireDays': ['Days without a deal', '未成交放入公海天数'],
  'Page:NotifyEnabled': ['Remind owners beforehand', '提前提醒负责人'],
  'Page:NotifyDays': ['Days before', '提前提醒天数'],
  'Page:Saved': ['Saved', '已保存'],
  'Page:Limits': ['Limits', '客户数限制'],
  'Page:NewLimit': ['New limit', '新增限制'],
  'Page:EditLimit': ['Edit limit', '编辑限制'],
  'Page:LimitType': ['Type', '规则类型'],
  'Page:LimitType:OWNER': ['Customers owned', '拥有客户数'],
  'Page:LimitType:LOCK': ['Customers locked', '锁定客户数'],
  'Page:LimitUsers': ['Users', '适用用户'],
  'Page:LimitUnits': ['Organization units', '适用部门'],
  'Page:MaxCount': ['At most', '上限'],
  'Page:DealCountEnabled': ['Dealt customers count', '成交客户占用数量'],
  'Page:DeleteLimit': ['Delete this limit?', '确定删除该限制吗？'],
  'Page:Filters:Reason': ['Why in the pool', '放入原因'],
  'Page:Filters:Level': ['Level', '客户级别'],
  'Page:Filters:PreviousOwner': ['Previous owner', '前负责人'],
  'Level:1': ['A (key)', 'A（重点客户）'],
  'Level:2': ['B (normal)', 'B（普通客户）'],
  'Level:3': ['C (low priority)', 'C（非优先客户）'],
  'Page:Empty': ['The public pool is empty', '公海暂无客户'],
  'Page:Yes': ['Yes', '是'],
  'Page:No': ['No', '否'],
  Industry: ['Industry', '所属行业'],
  Source: ['Source', '客户来源'],
};
/** Texts of the public pool (`CrmPool`), and its jobs' names on the jobs page. */
export const texts: TextResources = {
  // the list's industry and source filters: from the dictionaries
  [RESOURCE]: bilingual({
    ...pairs,
    ...dictionaryPairs([
      ['Industry', customerIndustries],
      ['Source', customerSources],
    ]),
  }),
  JobQueues: {
    en: {
      'crm.pool.auto-return': 'Return customers to the public pool',
      'crm.pool.auto-return-all': 'Pool rule of every tenant',
    },
    'zh-Hans': { 'crm.pool.auto-return': '客户自动掉入公海', 'crm.pool.auto-return-all': '各租户公海规则' },
  },
};
