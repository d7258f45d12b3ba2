import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A row of a sheet the server refused, and why. */
export interface ImportError {
  row: number;
  field: string;
  message: string;
}

export interface ImportErrorsDialogProps<E extends ImportError> {
  /** The refused rows; the dialog shows while there are some. */
  errors: E[] | undefined;
  title: string;
  /** What was done with the file (above the rows). */
  summary: ReactNode;
  columns: TableColumnsType<E>;
  templateLabel: string;
  onTemplate(): void;
  onClose(): void;
  /** Prefix of the test ids: `-ok` (the button), `-errors` (the table). */
  testid: string;
}

/** The rows of an uploaded sheet the server refused, with the way to the template. */
export function ImportErrorsDialog<E extends ImportError>(p: ImportErrorsDialogProps<E>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!p.errors}
      title={p.title}
      onCancel={p.onClose}
      width={720}
      footer={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={p.onTemplate}>
            {p.templateLabel}
          </Button>
          <Button type="primary" onClick={p.onClose} data-testid={`${p.testid}-ok`}>
            {t('common.ok')}
          </Button>
        </Space>
      }
    >
      {p.summary}
      <Table<E>
        rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={p.errors}
        data-testid={`${p.testid}-errors`}
        columns={p.columns}
      />
    </Modal>
  );
}
