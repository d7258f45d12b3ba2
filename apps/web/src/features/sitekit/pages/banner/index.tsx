import { BannerList } from '../../components/BannerList.tsx';

/** /publishingPlatform/site/content/Banner: a site's banners at every position but the home carousel. */
export default function BannerPage() {
  return <BannerList carousel={false} />;
}
