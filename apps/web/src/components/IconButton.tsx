import { Button, type ButtonProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export interface IconButtonProps extends Omit<ButtonProps, 'title' | 'aria-label' | 'children'> {
  /** What it does: the tooltip, and the name a screen reader (and a test) finds it by. */
  title: string;
  icon: ReactNode;
}

/** A button showing only its icon, named by its tooltip. */
export function IconButton({ title, ...button }: IconButtonProps) {
  return (
    <Tooltip title={title}>
      <Button aria-label={title} {...button} />
    </Tooltip>
  );
}
