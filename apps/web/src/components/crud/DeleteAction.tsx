import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../lib/ui-bridge.ts';
import { Access } from '../Access.tsx';

export interface DeleteActionProps {
  onConfirm(): Promise<unknown>;
  /** Hidden unless granted. */
  permission?: string;
  title?: ReactNode;
  children?: ReactNode;
  testid?: string;
}

/** Delete with confirmation and the spec's "cannot be undone" warning. */
export function DeleteAction({ onConfirm, permission, title, children, testid }: DeleteActionProps) {
  const { t } = useTranslation();
  const { message } = useUi();
  const [busy, setBusy] = useState(false);
  const button = (
    <Popconfirm
      title={title ?? t('crud.deleteTitle')}
      description={t('crud.deleteWarning')}
      okText={t('crud.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy }}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
          message.success(t('crud.deleted'));
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
