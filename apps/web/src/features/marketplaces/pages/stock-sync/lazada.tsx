import { StockSyncPage } from './StockSyncPage.tsx';

/** /publishingPlatform/lazada/stockSync: the Lazada shops' stock sync. */
export default function LazadaStockSyncPage() {
  return <StockSyncPage platform="LAZADA" />;
}
