import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { Access, downloadExport, useUploadRequest } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { CL, type CustomerImportReport, customersApi } from '../../api/customers.ts';

const P = `${CrmPermissions.Customers}.Import`;

/**
 * "Import" on the customer list: upload an .xlsx like the template. All rows or none: when a row
 * is wrong nothing is written and every bad row's column and problem is listed.
 */
export function CustomerImport({ onImported }: { onImported(): unknown }) {
  const { message } = useUi();
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<CustomerImportReport | null>(null);
  const { busy, customRequest } = useUploadRequest(
    (file) => {
      setReport(null);
      return customersApi.importFile(file, file.name);
    },
    async (result) => {
      if (result.errors.length) setReport(result);
      else {
        message.success(CL('ImportDone', result.created));
        setOpen(false);
        await onImported();
      }
    },
  );
  const template = () =>
    void downloadExport(customersApi.templatePath, {}, `${CL('Title')}-template.xlsx`).catch(() => {});

  return (
    <Access permission={P}>
      <Button icon={<ImportOutlined />} data-testid="customers-import" onClick={() => setOpen(true)}>
        {CL('Import')}
      </Button>
      <Modal
        open={open}
        title={CL('ImportTitle')}
        onCancel={() => {
          setOpen(false);
          setReport(null);
        }}
        footer={null}
        width={720}
        destroyOnHidden
      >
        <Alert type="info" showIcon title={CL('ImportHint')} style={{ marginBottom: 12 }} />
        <Space wrap style={{ marginBottom: 12 }}>
          <Upload accept=".xlsx" showUploadList={false} customRequest={customRequest}>
            <Button type="primary" icon={<ImportOutlined />} loading={busy} data-testid="customers-import-file">
              {CL('ImportChoose')}
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={template}>
            {CL('ImportTemplate')}
          </Button>
        </Space>
        {report && (
          <>
            <Alert
              type="error"
              showIcon
              title={CL('ImportFailed', report.errors.length)}
              style={{ marginBottom: 12 }}
              data-testid="customers-import-failed"
            />
            <Table
              rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
              size="small"
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={report.errors}
              data-testid="customers-import-errors"
              columns={[
                { key: 'row', title: CL('ImportRow'), dataIndex: 'row', width: 60 },
                { key: 'column', title: CL('ImportColumn'), dataIndex: 'column', width: 140 },
                { key: 'message', title: CL('ImportMessage'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Modal>
    </Access>
  );
}
