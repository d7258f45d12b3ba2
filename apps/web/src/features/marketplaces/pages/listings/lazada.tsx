import { ListingsPage } from './ListingsPage.tsx';

/** /publishingPlatform/lazada/published: the Lazada listings. */
export default function LazadaListingsPage() {
  return <ListingsPage platform="LAZADA" />;
}
