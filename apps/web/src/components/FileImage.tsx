import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../lib/http/index.ts';

/**
 * An image of the files service (`/api/files/…`, which answers only with the bearer token): fetched
 * with the token and shown from an object URL. No URL, or one that cannot be had: a placeholder
 * (not asked for again).
 */
export function FileImage({ url, size, alt }: { url: string; size: number; alt: string }) {
  const blob = useQuery({
    queryKey: ['files', url],
    queryFn: () => http.request<Blob>(url, { responseType: 'blob', notify: false }),
    staleTime: Infinity,
    enabled: url !== '',
    retry: false,
  });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  const box = { width: size, height: size, objectFit: 'cover' as const, borderRadius: 6, background: '#f5f5f5' };
  return src ? (
    <img src={src} alt={alt} style={box} />
  ) : (
    <span style={{ ...box, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
      <PictureOutlined />
    </span>
  );
}
