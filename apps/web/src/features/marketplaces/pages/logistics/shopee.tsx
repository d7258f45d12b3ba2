import { LogisticsChannelsPage } from './LogisticsChannelsPage.tsx';

/** /publishingPlatform/shopee/logisticFreight: the Shopee shops' logistics channels. */
export default function ShopeeLogisticsPage() {
  return <LogisticsChannelsPage platform="SHOPEE" />;
}
