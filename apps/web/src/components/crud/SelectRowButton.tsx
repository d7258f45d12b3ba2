import { Button } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export interface SelectRowButtonProps {
  /** This row is the one chosen (the button shows pressed). */
  selected: boolean;
  onSelect(): void;
  testid: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** A table cell's link that chooses its row as the one shown below the table; the chosen row's is pressed. */
export function SelectRowButton({ selected, onSelect, testid, style, children }: SelectRowButtonProps) {
  return (
    <Button
      type={selected ? 'primary' : 'link'}
      size="small"
      style={style}
      onClick={onSelect}
      aria-pressed={selected}
      data-testid={testid}
    >
      {children}
    </Button>
  );
}
