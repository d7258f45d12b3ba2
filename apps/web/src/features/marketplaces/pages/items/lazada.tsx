import { ItemsPage } from './ItemsPage.tsx';

/** /publishingPlatform/lazada/productLazada: the Lazada items as they are on the marketplace. */
export default function LazadaItemsPage() {
  return <ItemsPage platform="LAZADA" />;
}
