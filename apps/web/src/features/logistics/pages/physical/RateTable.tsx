import { DownloadOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { LogisticsPermissions, rateTableInput } from '@seller/contracts/logistics';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Space, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteIconConfirm, EditIconButton, issueMessage } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { type ChannelDto, feeModeLabel, LL, logisticsKeys, ratesApi, validationErrorsOf, zonesApi } from '../../api.ts';
import { RateImport, RateImportReport } from './RateImport.tsx';
import { RateRowForm } from './RateRowForm.tsx';
import {
  addError,
  type EditRow,
  effectiveText,
  fromDto,
  type ImportProblem,
  memberLabel,
  membersOf,
  newKey,
  type RowErrors,
  serverRowErrors,
  TABLE,
  toInput,
} from './rate-rows.ts';

const UPDATE = `${LogisticsPermissions.Carriers}.Update`;
const PAGE_SIZE = 50;

/** A channel's rate table in a wide drawer (closed when `channel` is null). */
export function RateTableDrawer({ channel, onClose }: { channel: ChannelDto | null; onClose(): void }) {
  return (
    <Drawer
      open={!!channel}
      title={channel ? <TitleWithData text={LL('Rate:Title', MARK)} data={`${channel.code} ${channel.name}`} /> : ''}
      onClose={onClose}
      size={1100}
      destroyOnHidden
    >
      {channel && <RateTable channel={channel} />}
    </Drawer>
  );
}

const MARK = '\u0001';

/** A localized title around user data (a channel's name): the data is marked as such, not as UI text. */
function TitleWithData({ text, data }: { text: string; data: string }) {
  const [before, after = ''] = text.split(MARK);
  return (
    <>
      {before}
      <span data-content="data">{data}</span>
      {after}
    </>
  );
}

/** The cell's messages (the row's refusals of these members). */
function Problems({ errors, members }: { errors?: Record<string, string[]>; members: readonly string[] }) {
  const list = members.flatMap((m) => errors?.[m] ?? []);
  if (!list.length) return null;
  return (
    <div>
      {list.map((message) => (
        <Typography.Text key={message} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {message}
        </Typography.Text>
      ))}
    </div>
  );
}

/**
 * The rows (zone, band, fee mode with its members, effective dates), edited in a row dialog and
 * saved at once (`PUT …/rates` with the stamp read); export, and import of a sheet.
 */
function RateTable({ channel }: { channel: ChannelDto }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const canUpdate = useAccess().can(UPDATE);
  const table = useQuery({ queryKey: logisticsKeys.rates(channel.id), queryFn: () => ratesApi.get(channel.id) });
  const zones = useQuery({
    queryKey: logisticsKeys.zonePicker,
    queryFn: () => zonesApi.all(),
    enabled: canUpdate,
  });
  const [rows, setRows] = useState<EditRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<RowErrors>({});
  const [editing, setEditing] = useState<EditRow | 'new' | null>(null);
  const [opening, setOpening] = useState(0);
  const edit = (row: EditRow | 'new') => {
    setEditing(row);
    setOpening((n) => n + 1);
  };
  const [problems, setProblems] = useState<ImportProblem[] | null>(null);
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // the server's table, unless the user is changing it
  useEffect(() => {
    if (table.data && !dirtyRef.current) {
      setRows(fromDto(table.data.rows));
      setErrors({});
    }
  }, [table.data]);

  const change = (next: EditRow[]) => {
    setRows(next);
    setDirty(true);
  };

  /** Shows refusals, on the page of the first refused row. */
  const refuse = (found: RowErrors) => {
    setErrors(found);
    const first = rows.findIndex((r) => found[r.key]);
    if (first >= 0) setPage(Math.floor(first / PAGE_SIZE) + 1);
  };

  const reload = async () => {
    setDirty(false);
    dirtyRef.current = false;
    setErrors({});
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: logisticsKeys.rates(channel.id) }),
      queryClient.invalidateQueries({ queryKey: logisticsKeys.carriers }),
    ]);
  };

  const save = async () => {
    const input = { rows: rows.map(toInput), concurrencyStamp: table.data?.concurrencyStamp };
    const parsed = rateTableInput.safeParse(input);
    if (!parsed.success) {
      const found: RowErrors = {};
      for (const issue of parsed.error.issues) {
        const [, index, member] = issue.path;
        const row = typeof index === 'number' ? rows[index] : undefined;
        const name = typeof member === 'string' ? member : TABLE;
        addError(found, row?.key ?? TABLE, row ? name : TABLE, issueMessage(issue, { label: memberLabel(name) }));
      }
      refuse(found);
      return;
    }
    setSaving(true);
    try {
      await ratesApi.put(channel.id, parsed.data);
      message.success(t('crud.saved'));
      await reload();
    } catch (e) {
      const refused = validationErrorsOf(e);
      if (refused) refuse(serverRowErrors(refused, rows));
    } finally {
      setSaving(false);
    }
  };

  const zoneOptions = (zones.data?.items ?? []).map((z) => ({ value: z.id, label: z.name }));
  const indexOf = (r: EditRow) => rows.indexOf(r);

  const columns: ColumnType<EditRow>[] = [
    {
      key: 'zone',
      title: LL('Rate:Zone'),
      width: 140,
      render: (_v, r) => (
        <>
          {r.zoneName}
          <Problems errors={errors[r.key]} members={['zoneId']} />
        </>
      ),
    },
    {
      key: 'band',
      title: LL('Rate:Band'),
      width: 140,
      render: (_v, r) => (
        <>
          {`${r.weightFrom}–${r.weightTo}`}
          <Problems errors={errors[r.key]} members={['weightFrom', 'weightTo']} />
        </>
      ),
    },
    {
      key: 'feeMode',
      title: LL('Rate:FeeMode'),
      width: 150,
      render: (_v, r) => (
        <>
          {feeModeLabel(r.feeMode)}
          <Problems errors={errors[r.key]} members={['feeMode']} />
        </>
      ),
    },
    {
      key: 'prices',
      title: LL('Rate:Prices'),
      width: 300,
      render: (_v, r) => (
        <>
          <Space size={[12, 0]} wrap>
            {membersOf(r.feeMode).map((m) => {
              const value = r[m as keyof EditRow];
              return (
                <span key={m}>
                  <Typography.Text type="secondary">{memberLabel(m)}</Typography.Text>{' '}
                  {value == null ? '—' : String(value)}
                </span>
              );
            })}
          </Space>
          <Problems errors={errors[r.key]} members={membersOf(r.feeMode)} />
        </>
      ),
    },
    {
      key: 'effective',
      title: LL('Rate:Effective'),
      width: 190,
      render: (_v, r) => (
        <>
          {effectiveText(r)}
          <Problems errors={errors[r.key]} members={['effectiveFrom', 'effectiveTo']} />
        </>
      ),
    },
  ];
  if (canUpdate)
    columns.push({
      key: '__actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: 110,
      render: (_v, r) => (
        <Space size={0}>
          <EditIconButton onClick={() => edit(r)} testid={`rates-edit-${indexOf(r)}`} />
          <DeleteIconConfirm
            title={LL('Rate:RemoveRow')}
            label={LL('Rate:RemoveRow')}
            onConfirm={async () => change(rows.filter((x) => x !== r))}
            testid={`rates-remove-${indexOf(r)}`}
          />
        </Space>
      ),
    });

  const tableErrors = errors[TABLE]?.[TABLE] ?? [];
  const refusedRows = Object.keys(errors).filter((k) => k !== TABLE).length;

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <Tag>{LL('Rate:Currency', table.data?.currency ?? channel.currency)}</Tag>
          {dirty && <Tag color="warning">{LL('Rate:Unsaved')}</Tag>}
        </Space>
        <Space wrap>
          {canUpdate && (
            <Button icon={<PlusOutlined />} onClick={() => edit('new')} data-testid="rates-add">
              {LL('Rate:AddRow')}
            </Button>
          )}
          {canUpdate && <RateImport channelId={channel.id} onImported={reload} onRefused={setProblems} />}
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void ratesApi.export(channel.id, `${LL('Rate:RateTable')}-${channel.code}.xlsx`).catch(() => {})
            }
            data-testid="rates-export"
          >
            {LL('Rate:Export')}
          </Button>
          {canUpdate && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!dirty}
              onClick={() => void save()}
              data-testid="rates-save"
            >
              {t('common.save')}
            </Button>
          )}
        </Space>
      </div>
      {problems && <RateImportReport problems={problems} onClose={() => setProblems(null)} />}
      {(tableErrors.length > 0 || refusedRows > 0) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={LL('Rate:Refused')}
          description={tableErrors.length ? tableErrors.join(' ') : undefined}
          data-testid="rates-refused"
        />
      )}
      <Table<EditRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={table.isLoading}
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
        tableLayout="fixed"
        locale={{ emptyText: t('crud.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (total) => t('crud.total', { total }),
        }}
        data-testid="rates-table"
      />
      <RateRowForm
        row={editing}
        opening={opening}
        errors={editing && editing !== 'new' ? errors[editing.key] : undefined}
        zones={zoneOptions}
        onClose={() => setEditing(null)}
        onSubmit={(values) => {
          if (editing === 'new') {
            change([...rows, { ...values, key: newKey() }]);
            setPage(Math.floor(rows.length / PAGE_SIZE) + 1);
          } else if (editing) {
            change(rows.map((r) => (r === editing ? { ...values, id: editing.id, key: editing.key } : r)));
            // the row's refusals are answered by the edit
            const { [editing.key]: _gone, ...rest } = errors;
            setErrors(rest);
          }
          setEditing(null);
        }}
      />
    </>
  );
}
