import { bilingual } from '../../../core/localization/pairs.ts';
import type { TextResources } from '../../../core/module.ts';

/** Texts of bulk work on orders (in the orders' resource, `SalesOrders`, where the page reads them) and its jobs' names. */
export const texts: TextResources = {
  SalesOrders: bilingual({
    'Bulk:Confirm': ['Confirm', '批量确认'],
    'Bulk:Shipments': ['Create shipments', '批量生成发货单'],
    'Bulk:ConfirmAsk': ['Confirm {0} orders? Each reserves its stock.', '确认所选 {0} 个订单？每个订单将预占库存。'],
    'Bulk:ShipmentsAsk': [
      'Create a shipment for each of {0} orders? Each takes the channel the freight strategy picks.',
      '为所选 {0} 个订单各生成一张发货单？物流渠道由运费策略选择。',
    ],
    'Bulk:Started': [
      'Started in the background; its progress shows at the bottom right.',
      '已在后台开始，进度显示在右下角。',
    ],
    'Bulk:Running': ['{0} of {1} orders done…', '已处理 {0} / {1} 个订单…'],
    'Bulk:Result': ['{0} done, {1} refused', '成功 {0} 个，未处理 {1} 个'],
    'Bulk:ConfirmResult': ['Confirm orders: result', '批量确认结果'],
    'Bulk:ShipmentsResult': ['Create shipments: result', '批量生成发货单结果'],
    'Bulk:Done': ['Done', '成功'],
    'Bulk:Refused': ['Refused', '未处理'],
    'Bulk:Outcome': ['Outcome', '结果'],
    'Bulk:Reason': ['Reason', '原因'],
    'Bulk:Shipment': ['Shipment', '发货单'],
    'Bulk:Channel': ['Channel', '物流渠道'],
    'Bulk:UnknownOrder': ['(an order you cannot see)', '（无法查看的订单）'],
    'Bulk:NotFound': ['The order does not exist or is not yours to see.', '订单不存在或无权查看。'],
    'Bulk:ShortOfStock': ['Short of stock ({0}): the order is now out of stock.', '库存不足（{0}），订单已转为缺货。'],
    'Bulk:Failed': ['This order could not be done; try it on its own.', '该订单未能处理，请单独重试。'],
    'Bulk:JobFailed': ['The bulk job failed.', '批量任务失败。'],
    'Bulk:OrderShipments': ['Shipments', '发货单'],
  }),
  JobQueues: {
    en: {
      'trade.orders.bulk-confirm': 'Confirm orders',
      'trade.orders.bulk-shipments': 'Create shipments for orders',
    },
    'zh-Hans': {
      'trade.orders.bulk-confirm': '批量确认订单',
      'trade.orders.bulk-shipments': '批量生成发货单',
    },
  },
};
