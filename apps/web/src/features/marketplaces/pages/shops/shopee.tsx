import { ShopsPage } from './ShopsPage.tsx';

/** /publishingPlatform/shopee/shopShopee */
export default function ShopeeShopsPage() {
  return <ShopsPage platform="SHOPEE" />;
}
