import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, downloadExport, useUploadRequest } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import { type ImportReport, productImportApi } from '../../products-api.ts';

const P = 'Catalog.Products.Create';
const L = (key: string) => LC(`DisplayName:${key}`);

/** "Import Excel" on the product list: upload a sheet like the template; bad rows are listed and nothing is written. */
export function ProductImport({ onImported }: { onImported(): unknown }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const [report, setReport] = useState<ImportReport | null>(null);
  const { busy, customRequest } = useUploadRequest(
    (file) => productImportApi.upload(file, file.name),
    async (result) => {
      if (result.errors.length) setReport(result);
      else {
        message.success(LC('ImportDone', result.created));
        await onImported();
      }
    },
  );

  return (
    <Access permission={P}>
      <Upload accept=".xlsx" showUploadList={false} customRequest={customRequest}>
        <Button icon={<ImportOutlined />} loading={busy} data-testid="products-import">
          {LC('Import')}
        </Button>
      </Upload>
      <Modal
        open={!!report}
        title={LC('Import')}
        onCancel={() => setReport(null)}
        footer={
          <Space>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadExport(productImportApi.templatePath, {}, `${LC('Products')}-template.xlsx`).catch(
                  () => {},
                )
              }
            >
              {LC('ImportTemplate')}
            </Button>
            <Button type="primary" onClick={() => setReport(null)} data-testid="products-import-ok">
              {t('common.ok')}
            </Button>
          </Space>
        }
        width={720}
      >
        <Alert type="error" showIcon title={LC('ImportRejected')} style={{ marginBottom: 12 }} />
        <Table
          rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={report?.errors}
          data-testid="products-import-errors"
          columns={[
            { key: 'row', title: L('Row'), dataIndex: 'row', width: 60 },
            { key: 'column', title: L('Column'), dataIndex: 'column' },
            { key: 'message', title: L('Message'), dataIndex: 'message' },
          ]}
        />
      </Modal>
    </Access>
  );
}
