import { ListingsPage } from './ListingsPage.tsx';

/** /publishingPlatform/shopee/published: the Shopee listings. */
export default function ShopeeListingsPage() {
  return <ListingsPage platform="SHOPEE" />;
}
