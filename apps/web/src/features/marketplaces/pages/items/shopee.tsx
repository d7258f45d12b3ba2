import { ItemsPage } from './ItemsPage.tsx';

/** /publishingPlatform/shopee/productShopee: the Shopee items as they are on the marketplace. */
export default function ShopeeItemsPage() {
  return <ItemsPage platform="SHOPEE" />;
}
