import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { GATHER_IMPORT_MAX_BYTES } from '@seller/contracts/catalog';
import { Alert, Button, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { Access, downloadExport, useUploadRequest } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import { ImportErrorsDialog } from '../../components/ImportErrorsDialog.tsx';
import { gathersApi, type ImportResult } from '../../gathers-api.ts';

const T = (key: string, ...args: unknown[]) => LC(`GatherPage:${key}`, ...args);

/**
 * "Upload" on the gather list: a .json file (an array of items as the API takes them) or an .xlsx
 * like the template. Valid rows are created; the bad ones are listed with their row and field.
 */
export function GatherUpload({ onUploaded }: { onUploaded(): unknown }) {
  const { message } = useUi();
  const [result, setResult] = useState<ImportResult | null>(null);
  const { busy, customRequest } = useUploadRequest(
    (file) => gathersApi.upload(file, file.name),
    async (answer) => {
      if (answer.errors.length) setResult(answer);
      else message.success(T('UploadDone', answer.created));
      if (answer.created) await onUploaded();
    },
  );
  const template = () =>
    void downloadExport(gathersApi.templatePath, {}, `${T('Title')}-template.xlsx`).catch(() => {
      // the HTTP client has notified
    });

  return (
    <Access permission="Catalog.Gathers.Create">
      <Upload
        accept=".json,.xlsx,application/json"
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > GATHER_IMPORT_MAX_BYTES) {
            message.error(T('FileTooLarge', GATHER_IMPORT_MAX_BYTES / 1024 / 1024));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={customRequest}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="gathers-upload">
          {T('Upload')}
        </Button>
      </Upload>
      <Tooltip title={T('UploadTemplate')}>
        <Button icon={<DownloadOutlined />} aria-label={T('UploadTemplate')} onClick={template} />
      </Tooltip>
      <ImportErrorsDialog
        errors={result?.errors}
        title={T('Upload')}
        summary={
          result && (
            <Alert
              type={result.created ? 'warning' : 'error'}
              showIcon
              title={T('UploadPartly', result.created, result.total, result.errors.length)}
              style={{ marginBottom: 12 }}
            />
          )
        }
        columns={[
          { key: 'row', title: T('Column:Row'), dataIndex: 'row', width: 60 },
          { key: 'field', title: T('Column:Field'), dataIndex: 'field', width: 160 },
          { key: 'message', title: T('Column:Detail'), dataIndex: 'message' },
        ]}
        templateLabel={T('UploadTemplate')}
        onTemplate={template}
        onClose={() => setResult(null)}
        testid="gathers-upload"
      />
    </Access>
  );
}
