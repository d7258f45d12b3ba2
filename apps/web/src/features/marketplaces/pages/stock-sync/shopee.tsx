import { StockSyncPage } from './StockSyncPage.tsx';

/** /publishingPlatform/shopee/stockSync: the Shopee shops' stock sync. */
export default function ShopeeStockSyncPage() {
  return <StockSyncPage platform="SHOPEE" />;
}
