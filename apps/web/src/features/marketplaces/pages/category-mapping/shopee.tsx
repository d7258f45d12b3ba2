import { CategoryMappingPage } from './CategoryMappingPage.tsx';

/** /publishingPlatform/shopee/classified: Shopee category mapping. */
export default function ShopeeCategoryMappingPage() {
  return <CategoryMappingPage platform="SHOPEE" />;
}
