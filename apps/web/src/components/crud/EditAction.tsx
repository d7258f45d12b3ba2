import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '../Access.tsx';

export interface RowActionProps {
  onClick(): void;
  /** Hidden unless granted. */
  permission: string;
  /** None for a text-only link (a state change of the row: submit, approve…). */
  icon?: ReactNode;
  children: ReactNode;
  testid?: string;
  /** Spins while what the click started (loading the row to edit…) is under way. */
  loading?: boolean;
}

/** A small link button of a row or a detail card (add a child, edit…), shown only with its permission. */
export function RowAction({ onClick, permission, icon, children, testid, loading }: RowActionProps) {
  return (
    <Access permission={permission}>
      <Button type="link" size="small" icon={icon} loading={loading} onClick={onClick} data-testid={testid}>
        {children}
      </Button>
    </Access>
  );
}

export interface PrimaryActionProps extends RowActionProps {
  /** Small, in a card's header. */
  small?: boolean;
}

/** A page's or a card's primary button (new, publish, pull…), shown only with its permission. */
export function PrimaryAction({ onClick, permission, icon, children, testid, loading, small }: PrimaryActionProps) {
  return (
    <Access permission={permission}>
      <Button
        type="primary"
        size={small ? 'small' : undefined}
        icon={icon}
        loading={loading}
        onClick={onClick}
        data-testid={testid}
      >
        {children}
      </Button>
    </Access>
  );
}

export interface EditActionProps extends Omit<RowActionProps, 'icon' | 'children'> {
  /** The link's text: "Edit" unless the page's own text module says it. */
  children?: ReactNode;
}

/** A row's edit link (the partner of `DeleteAction` in a list's row actions). */
export function EditAction({ children, ...props }: EditActionProps) {
  const { t } = useTranslation();
  return (
    <RowAction icon={<EditOutlined />} {...props}>
      {children ?? t('crud.edit')}
    </RowAction>
  );
}

export interface EditIconButtonProps {
  onClick(): void;
  testid?: string;
}

/** An icon-only edit button of a small table's row (claims, connection strings, rates), the partner of `DeleteIconConfirm`. */
export function EditIconButton({ onClick, testid }: EditIconButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      size="small"
      icon={<EditOutlined />}
      aria-label={t('crud.edit')}
      onClick={onClick}
      data-testid={testid}
    />
  );
}
