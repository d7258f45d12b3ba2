import { BannerList } from '../../components/BannerList.tsx';

/** /publishingPlatform/site/content/Carousels: the slides of a site's home carousel, in their order. */
export default function CarouselPage() {
  return <BannerList carousel />;
}
