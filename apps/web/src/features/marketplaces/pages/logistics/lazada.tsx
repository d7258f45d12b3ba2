import { LogisticsChannelsPage } from './LogisticsChannelsPage.tsx';

/** /publishingPlatform/lazada/logisticFreight: the Lazada shops' logistics channels. */
export default function LazadaLogisticsPage() {
  return <LogisticsChannelsPage platform="LAZADA" />;
}
