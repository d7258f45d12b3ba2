import { ShopsPage } from './ShopsPage.tsx';

/** /publishingPlatform/lazada/shopLazada */
export default function LazadaShopsPage() {
  return <ShopsPage platform="LAZADA" />;
}
