import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { FileImage } from '../product-detail/images.tsx';

/**
 * An image of a gathered item. Source platforms' images are shown from the source, without a
 * referrer (their CDNs refuse other sites' referrers); an image in the files store needs the
 * bearer token, so it is fetched as a blob.
 */
export function GatherImage({ src, size, alt }: { src: string | null; size: number; alt: string }) {
  const [broken, setBroken] = useState(false);
  const box = { width: size, height: size, borderRadius: 4, objectFit: 'cover' as const, display: 'block' };
  if (src?.startsWith('/api/files/')) return <FileImage url={src} size={size} alt={alt} />;
  if (!src || broken) {
    return (
      <span
        style={{
          ...box,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f5f5f5',
        }}
        role="img"
        aria-label={alt}
      >
        <PictureOutlined style={{ color: '#bfbfbf', fontSize: size / 2.5 }} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      style={box}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}
