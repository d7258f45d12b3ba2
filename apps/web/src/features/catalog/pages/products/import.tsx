import { ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Upload } from 'antd';
import { useState } from 'react';
import { Access, downloadExport, useUploadRequest } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import { ImportErrorsDialog } from '../../components/ImportErrorsDialog.tsx';
import { type ImportReport, productImportApi } from '../../products-api.ts';

const P = 'Catalog.Products.Create';
const L = (key: string) => LC(`DisplayName:${key}`);

/** "Import Excel" on the product list: upload a sheet like the template; bad rows are listed and nothing is written. */
export function ProductImport({ onImported }: { onImported(): unknown }) {
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
      <ImportErrorsDialog
        errors={report?.errors}
        title={LC('Import')}
        summary={<Alert type="error" showIcon title={LC('ImportRejected')} style={{ marginBottom: 12 }} />}
        columns={[
          { key: 'row', title: L('Row'), dataIndex: 'row', width: 60 },
          { key: 'column', title: L('Column'), dataIndex: 'column' },
          { key: 'message', title: L('Message'), dataIndex: 'message' },
        ]}
        templateLabel={LC('ImportTemplate')}
        onTemplate={() =>
          void downloadExport(productImportApi.templatePath, {}, `${LC('Products')}-template.xlsx`).catch(() => {})
        }
        onClose={() => setReport(null)}
        testid="products-import"
      />
    </Access>
  );
}
