import { bilingual } from '../../../core/localization/pairs.ts';
import type { TextResources } from '../../../core/module.ts';

/** Texts of the marketplace item and logistics channel pages (resource `MarketItems`). */
const pairs: Record<string, [string, string]> = {
  // refusals and row messages
  ShopNeedsTenant: ['Shops belong to a tenant.', '店铺属于租户。'],
  UnknownItem: ['The item {0} has not been pulled from this shop.', '商品 {0} 尚未从该店铺拉取。'],
  NoCatalogSku: ['No catalogue SKU has this seller SKU.', '没有与该卖家SKU相同的商品SKU。'],
  UnknownLogisticsChannel: ['The logistics channel does not exist.', '物流渠道不存在。'],
  // items page
  Items: ['Marketplace items', '平台商品'],
  Shop: ['Shop', '店铺'],
  PickShop: ['Choose a shop', '请选择店铺'],
  NoShop: ['No shop on this platform yet.', '该平台还没有店铺。'],
  All: ['All', '全部'],
  'Status:LIVE': ['Live', '在售'],
  'Status:PENDING': ['Pending review', '审核中'],
  'Status:INACTIVE': ['Inactive', '已下架'],
  'Status:REJECTED': ['Rejected', '审核未通过'],
  'Status:BANNED': ['Banned', '已封禁'],
  'Status:DELETED': ['Deleted', '已删除'],
  ItemId: ['Item id', '平台商品ID'],
  SellerSku: ['Seller SKU', '卖家SKU'],
  Name: ['Name', '名称'],
  Status: ['Status', '状态'],
  Price: ['Price', '价格'],
  Stock: ['Stock', '库存'],
  Product: ['Catalogue product', '关联商品'],
  NotLinked: ['Not linked', '未关联'],
  PulledAt: ['Pulled at', '拉取时间'],
  UpdatedAt: ['Updated', '更新时间'],
  Currency: ['Currency', '币种'],
  SearchItems: ['Name, seller SKU or item id', '名称、卖家SKU或平台商品ID'],
  Pull: ['Pull items', '拉取商品'],
  Pulling: ['Pulling… {0} items', '拉取中… 已拉取 {0} 个'],
  PullDone: ['Pulled {0} items.', '已拉取 {0} 个商品。'],
  PullFailed: ['The pull failed: {0}', '拉取失败：{0}'],
  PushPriceStock: ['Push price/stock', '同步价格库存'],
  PushStock: [
    "Also set each SKU's stock by the shop's stock rule (available = on hand − reserved − safety stock)",
    '同时按店铺库存规则推送可售库存（可售 = 在库 − 占用 − 安全库存）',
  ],
  Pushed: ['{0} SKUs updated, {1} refused.', '已更新 {0} 个SKU，{1} 个失败。'],
  PullStatus: ['Pull status', '同步状态'],
  StatusPulled: ['Status read again.', '状态已更新。'],
  Selected: ['{0} selected', '已选 {0} 项'],
  // logistics page
  Channels: ['Logistics channels', '物流渠道'],
  ChannelId: ['Channel id', '渠道ID'],
  ChannelName: ['Channel', '渠道'],
  PlatformEnabled: ['On the marketplace', '平台启用'],
  Cod: ['COD', '货到付款'],
  FeeType: ['Fee type', '运费类型'],
  MaxWeight: ['Max weight (kg)', '最大重量（kg）'],
  Enabled: ['Use', '启用'],
  OwnChannel: ['Own logistics channel', '关联物流渠道'],
  PullChannels: ['Pull channels', '拉取渠道'],
  ChannelsPulled: ['{0} channels pulled.', '已拉取 {0} 个渠道。'],
  Saved: ['Saved.', '已保存。'],
};

export const texts: TextResources = {
  MarketItems: bilingual(pairs),
  // the job's name in the shell's progress toast and on the background jobs page
  JobQueues: {
    en: {
      'marketplaces.items.pull': 'Pull marketplace items',
      'marketplaces.categories.seed': 'Demo category mappings',
    },
    'zh-Hans': { 'marketplaces.items.pull': '拉取平台商品', 'marketplaces.categories.seed': '演示类目映射' },
  },
};
