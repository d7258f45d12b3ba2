import { ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Table, Tooltip, Upload } from 'antd';
import { useUploadRequest } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LL, ratesApi, validationErrorsOf } from '../../api.ts';
import { type ImportProblem, importProblems } from './rate-rows.ts';

/**
 * "Import" of a rate table: an .xlsx like the export replaces the whole table, all or nothing. A
 * refused sheet is listed (sheet row, column, message) by `RateImportReport`.
 */
export function RateImport({
  channelId,
  onImported,
  onRefused,
}: {
  channelId: string;
  onImported(): Promise<unknown>;
  onRefused(problems: ImportProblem[] | null): void;
}) {
  const { message } = useUi();
  const { busy, customRequest } = useUploadRequest(
    (file) => {
      onRefused(null);
      return ratesApi.import(channelId, file, file.name);
    },
    async (result) => {
      message.success(LL('Rate:Imported', result.imported, result.zones));
      await onImported();
    },
    (e) => {
      const errors = validationErrorsOf(e);
      if (errors) onRefused(importProblems(errors));
    },
  );
  return (
    <Upload
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      showUploadList={false}
      customRequest={customRequest}
    >
      <Tooltip title={LL('Rate:ImportHint')}>
        <Button icon={<ImportOutlined />} loading={busy} data-testid="rates-import">
          {LL('Rate:Import')}
        </Button>
      </Tooltip>
    </Upload>
  );
}

/** The rows of a refused sheet. */
export function RateImportReport({ problems, onClose }: { problems: ImportProblem[]; onClose(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      style={{ marginBottom: 12 }}
      title={LL('Rate:ImportRejected')}
      description={
        <Table<ImportProblem>
          rowKey="key"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={problems}
          scroll={{ x: 420 }}
          data-testid="rates-import-errors"
          columns={[
            { key: 'row', title: LL('Rate:SheetRow'), dataIndex: 'row', width: 90 },
            { key: 'column', title: LL('Rate:Column'), dataIndex: 'column', width: 130 },
            { key: 'message', title: LL('Rate:Message'), dataIndex: 'message' },
          ]}
        />
      }
    />
  );
}
