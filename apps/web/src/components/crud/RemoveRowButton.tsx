import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ComponentProps } from 'react';

export type RemoveRowButtonProps = Omit<ComponentProps<typeof Button>, 'type' | 'danger' | 'icon'> & {
  /** What the icon says to a screen reader. */
  label: string;
  testid?: string;
};

/**
 * The red bin that removes one row of a form list. Other button props (disabled, the handlers a
 * wrapping Tooltip adds) go through to the button.
 */
export function RemoveRowButton({ label, testid, ...button }: RemoveRowButtonProps) {
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} data-testid={testid} {...button} />;
}
