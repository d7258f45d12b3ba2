import { CategoryMappingPage } from './CategoryMappingPage.tsx';

/** /publishingPlatform/lazada/classified: Lazada category mapping. */
export default function LazadaCategoryMappingPage() {
  return <CategoryMappingPage platform="LAZADA" />;
}
