import { Typography } from 'antd';

/**
 * A value that may be missing and may have an address: a dash when missing, a link opening in a
 * new tab when it has an address, the plain text otherwise (a listing's item id on its platform).
 */
export function OptionalLink({ text, href }: { text: string | null; href: string | null }) {
  if (text === null) return '—';
  if (!href) return text;
  return (
    <Typography.Link href={href} target="_blank" rel="noreferrer noopener">
      {text}
    </Typography.Link>
  );
}
