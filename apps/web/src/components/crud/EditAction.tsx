import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '../Access.tsx';

export interface EditActionProps {
  onClick(): void;
  /** Hidden unless granted. */
  permission: string;
  /** The link's text: "Edit" unless the page's own text module says it. */
  children?: ReactNode;
  testid?: string;
}

/** A row's edit link (the partner of `DeleteAction` in a list's row actions). */
export function EditAction({ onClick, permission, children, testid }: EditActionProps) {
  const { t } = useTranslation();
  return (
    <Access permission={permission}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick} data-testid={testid}>
        {children ?? t('crud.edit')}
      </Button>
    </Access>
  );
}
