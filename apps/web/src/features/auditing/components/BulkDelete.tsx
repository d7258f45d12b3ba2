import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../components/crud/index.ts';
import { localize } from '../../../lib/i18n/index.ts';
import { useUi } from '../../../lib/ui-bridge.ts';

/** "Delete selected" with confirmation; shown only with the delete permission and a selection. */
export function BulkDelete({
  permission,
  selected,
  onDelete,
  testid,
}: {
  permission: string;
  selected: string[];
  onDelete(ids: string[]): Promise<{ deletedCount: number }>;
  testid: string;
}) {
  const { t } = useTranslation();
  const { message } = useUi();
  const [busy, setBusy] = useState(false);
  return (
    <Access permission={permission}>
      <Popconfirm
        title={localize('AbpAuditing::DeleteSelectedConfirm', selected.length)}
        description={t('crud.deleteWarning')}
        okText={t('crud.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, loading: busy }}
        disabled={!selected.length}
        onConfirm={async () => {
          setBusy(true);
          try {
            const { deletedCount } = await onDelete(selected);
            message.success(localize('AbpAuditing::Deleted', deletedCount));
          } catch {
            // the HTTP client has notified
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid={testid}>
          {t('AbpAuditing::DeleteSelected')}
          {selected.length ? ` (${selected.length})` : ''}
        </Button>
      </Popconfirm>
    </Access>
  );
}
