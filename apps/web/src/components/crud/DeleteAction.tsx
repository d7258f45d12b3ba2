import { DeleteOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../lib/ui-bridge.ts';
import { Access } from '../Access.tsx';

export interface DeleteActionProps {
  onConfirm(): Promise<unknown>;
  /** Hidden unless granted. */
  permission?: string;
  title?: ReactNode;
  /**
   * Under the question: the spec's "cannot be undone" warning unless told; `null` for a delete
   * that can be undone (a row moved to the recycle bin).
   */
  warning?: ReactNode;
  /** What is said once deleted: "Deleted" unless told. */
  doneText?: string;
  children?: ReactNode;
  testid?: string;
}

/** Delete with confirmation and the spec's "cannot be undone" warning. */
export function DeleteAction({ onConfirm, permission, title, warning, doneText, children, testid }: DeleteActionProps) {
  const { t } = useTranslation();
  const { message } = useUi();
  const [busy, setBusy] = useState(false);
  const button = (
    <Popconfirm
      title={title ?? t('crud.deleteTitle')}
      description={warning === undefined ? t('crud.deleteWarning') : warning}
      okText={t('crud.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy }}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
          message.success(doneText ?? t('crud.deleted'));
        } catch {
          // the HTTP client has notified
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button type="link" danger size="small" icon={<DeleteOutlined />} data-testid={testid}>
        {children ?? t('crud.delete')}
      </Button>
    </Popconfirm>
  );
  return permission ? <Access permission={permission}>{button}</Access> : button;
}

export interface DeleteIconConfirmProps {
  /** Runs once confirmed; the caller says "deleted" and refreshes. */
  onConfirm(): Promise<unknown>;
  /** The question; "Delete this item?" unless given. */
  title?: ReactNode;
  description?: ReactNode;
  /** The icon button's test id. */
  testid?: string;
  /** The confirm button's test id. */
  confirmTestid?: string;
  /** What the icon says to a screen reader; "Delete" unless given. */
  label?: string;
}

/** An icon-only delete button of a small table's row (claims, connection strings…), confirmed first. */
export function DeleteIconConfirm({
  onConfirm,
  title,
  description,
  testid,
  confirmTestid,
  label,
}: DeleteIconConfirmProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title ?? t('crud.deleteTitle')}
      description={description}
      okText={t('crud.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, ...(confirmTestid ? { 'data-testid': confirmTestid } : {}) }}
      onConfirm={onConfirm}
    >
      <Button
        type="link"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={label ?? t('crud.delete')}
        data-testid={testid}
      />
    </Popconfirm>
  );
}

export interface ConfirmLinkProps {
  /** Hidden unless granted. */
  permission: string;
  /** The question, in the page's own words. */
  title: ReactNode;
  onConfirm(): unknown;
  /** Red, for an action that takes something away (cancel, delete, reverse). */
  danger?: boolean;
  testid?: string;
  /** The confirm button's test id. */
  confirmTestid?: string;
  children: ReactNode;
}

/** A row's text link for a change of its state that asks first (post, close, cancel…), shown only with its permission. */
export function ConfirmLink({
  permission,
  title,
  onConfirm,
  danger,
  testid,
  confirmTestid,
  children,
}: ConfirmLinkProps) {
  return (
    <Access permission={permission}>
      <Popconfirm
        title={title}
        onConfirm={onConfirm}
        // antd's type has no data attributes on the confirm button, but it passes them through
        okButtonProps={confirmTestid ? ({ 'data-testid': confirmTestid } as never) : undefined}
      >
        <Button type="link" size="small" danger={danger} data-testid={testid}>
          {children}
        </Button>
      </Popconfirm>
    </Access>
  );
}

export interface DangerConfirmButtonProps {
  /** The question (naming what goes). */
  title: ReactNode;
  /** Runs once confirmed; the caller says what happened and refreshes. */
  onConfirm(): unknown;
  children: ReactNode;
  testid: string;
  /** The confirm button's test id. */
  confirmTestid: string;
  /** A small link of a table's row rather than a drawer's button. */
  link?: boolean;
}

/** A destructive button (delete, remove a member…) that asks first, in the page's own words. */
export function DangerConfirmButton({
  title,
  onConfirm,
  children,
  testid,
  confirmTestid,
  link,
}: DangerConfirmButtonProps) {
  return (
    <Popconfirm
      title={title}
      // antd's type has no data attributes on the confirm button, but it passes them through
      okButtonProps={{ danger: true, 'data-testid': confirmTestid } as never}
      onConfirm={onConfirm}
    >
      <Button danger type={link ? 'link' : undefined} size={link ? 'small' : undefined} data-testid={testid}>
        {children}
      </Button>
    </Popconfirm>
  );
}

export interface ConfirmButtonProps {
  /** The question, in the page's own words (what changes, and where: "Take it off the marketplace?"). */
  title: ReactNode;
  /** Under the question: what follows (it cannot be undone, the buyers no longer see it…). */
  description?: ReactNode;
  /** The confirm button's text: the action's own name unless given. */
  okText?: ReactNode;
  /** Runs once confirmed; the caller says what happened and refreshes. */
  onConfirm(): unknown;
  /** Red, for an action that takes something away (offline, cancel, delete, reverse). */
  danger?: boolean;
  /** A small link of a table's row (default) or a toolbar's button. */
  link?: boolean;
  loading?: boolean;
  disabled?: boolean;
  icon?: ButtonProps['icon'];
  children: ReactNode;
  testid?: string;
  /** The confirm button's test id: `<testid>-confirm` unless given. */
  confirmTestid?: string;
}

/**
 * A button whose action changes something on a marketplace or cannot be undone: it asks first,
 * and runs only once confirmed (one click never takes a live item offline).
 */
export function ConfirmButton({
  title,
  description,
  okText,
  onConfirm,
  danger,
  link = true,
  loading,
  disabled,
  icon,
  children,
  testid,
  confirmTestid,
}: ConfirmButtonProps) {
  const { t } = useTranslation();
  const okId = confirmTestid ?? (testid ? `${testid}-confirm` : undefined);
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText ?? children}
      cancelText={t('common.cancel')}
      disabled={disabled}
      // antd's type has no data attributes on the confirm button, but it passes them through
      okButtonProps={{ danger, ...(okId ? { 'data-testid': okId } : {}) } as never}
      onConfirm={onConfirm}
    >
      <Button
        type={link ? 'link' : undefined}
        size={link ? 'small' : undefined}
        danger={danger}
        loading={loading}
        disabled={disabled}
        icon={icon}
        data-testid={testid}
      >
        {children}
      </Button>
    </Popconfirm>
  );
}
