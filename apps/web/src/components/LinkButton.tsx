import { Button, type ButtonProps } from 'antd';

/** A small link button: a table row's or a card's own action (open, download, restore…). */
export function LinkButton(props: Omit<ButtonProps, 'type' | 'size'>) {
  return <Button type="link" size="small" {...props} />;
}
