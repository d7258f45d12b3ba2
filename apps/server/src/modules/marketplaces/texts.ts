import type { TextResources } from '../../core/module.ts';

/** Menu titles of the `/publishingPlatform` pages; each area has its own texts beside its code. */
export const texts: TextResources = {
  Menus: {
    en: {
      PublishingPlatform: 'Marketplaces',
      Lazada: 'Lazada',
      Shopee: 'Shopee',
      LazadaItems: 'Lazada items',
      ShopeeItems: 'Shopee items',
      CategoryMapping: 'Category mapping',
      Shops: 'Shops',
      MarketLogistics: 'Logistics channels',
      Published: 'Listings',
      StockSync: 'Stock sync',
      Publishs: 'Publish',
      PublishWizard: 'Publish products',
      ShopCallback: 'Shop authorization',
    },
    'zh-Hans': {
      PublishingPlatform: '平台刊登',
      Lazada: 'Lazada',
      Shopee: 'Shopee',
      LazadaItems: 'Lazada商品',
      ShopeeItems: 'Shopee商品',
      CategoryMapping: '类目映射',
      Shops: '店铺管理',
      MarketLogistics: '物流渠道',
      Published: '刊登记录',
      StockSync: '库存同步',
      Publishs: '刊登',
      PublishWizard: '刊登商品',
      ShopCallback: '店铺授权',
    },
  },
};
