import { FileImage } from '../../../../components/FileImage.tsx';

/** Where the page reads a source image: through the product, which fetches it for the page. */
export const sourceImageUrl = (src: string) => `/api/catalog/gathers/image?url=${encodeURIComponent(src)}`;

/**
 * An image of a gathered item. Both kinds need the bearer token, so both are fetched as blobs: an
 * image of the files store (a claimed copy) directly, a source platform's image through the
 * gathers' image route (source CDNs refuse other sites' pages; the server's fetcher reaches them).
 * One that cannot be had shows the placeholder.
 */
export function GatherImage({ src, size, alt }: { src: string | null; size: number; alt: string }) {
  if (!src) return <FileImage url="" size={size} alt={alt} />;
  return <FileImage url={src.startsWith('/api/files/') ? src : sourceImageUrl(src)} size={size} alt={alt} />;
}
