import { PlayCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { poolCustomerList } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { HttpError } from '../../../../lib/http/errors.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LIMIT_CODES, PL, type PoolCustomer, poolApi, poolCustomersUrl, poolKeys } from '../../api/pool.ts';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { UserSelect } from './UserSelect.tsx';

const P = CrmPermissions.Pool;
const DATE_TIME = 'YYYY-MM-DD HH:mm';

/** The text of a refused claim or assign when it is a limit (shown in a dialog), else undefined. */
function limitText(e: unknown): string | undefined {
  if (!(e instanceof HttpError) || !LIMIT_CODES.includes(e.code ?? '')) return undefined;
  return e.error?.message ?? e.message;
}

/**
 * The public pool (`/crm/public-customer`, 公海客户): customers without an owner, searched and
 * filtered (level, why in the pool, previous owner, pool time), with their pool time, reason and
 * previous owner. Claim one or the selected ones (all or none; a limit refusal is shown in a
 * dialog), assign to a user (Crm.Pool.Assign); holders of Crm.Pool.Settings edit the rules and
 * limits in a drawer and run the rule now, with its result.
 */
export default function PublicCustomerPage() {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  // the bulk bar's "done" of an assign of the selected rows, run once the dialog's assign succeeds
  const clearSelection = useRef<(() => void) | null>(null);
  const [assigning, setAssigning] = useState<string[] | null>(null);
  const [assignee, setAssignee] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [limitError, setLimitError] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const config = useQuery({ queryKey: poolKeys.config, queryFn: () => poolApi.config() });

  const canClaim = access.can(`${P}.Claim`);
  const canAssign = access.can(`${P}.Assign`);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: poolKeys.all });
    await client.invalidateQueries({ queryKey: [poolCustomersUrl] });
  };

  /** Runs a claim or assign; a limit refusal opens the dialog, anything else was already notified. */
  const move = async (run: () => Promise<{ count: number }>, done: (n: number) => string) => {
    setBusy(true);
    try {
      const { count } = await run();
      message.success(done(count));
      await refresh();
      return true;
    } catch (e) {
      const text = limitText(e);
      if (text) setLimitError(text);
      else if (!(e instanceof HttpError)) throw e;
      await refresh();
      return false;
    } finally {
      setBusy(false);
    }
  };
  const claim = (ids: string[]) =>
    move(
      () => poolApi.claim(ids),
      (n) => PL('Page:Claimed', n),
    );
  const assign = async () => {
    if (!assigning || !assignee) return;
    if (
      await move(
        () => poolApi.assign(assigning, assignee),
        (n) => PL('Page:Assigned', n),
      )
    ) {
      setAssigning(null);
      setAssignee(undefined);
      clearSelection.current?.();
      clearSelection.current = null;
    }
  };
  const runNow = async () => {
    setRunning(true);
    try {
      const r = await poolApi.runNow();
      if (!r.enabled) message.info(PL('Page:RunDisabled'));
      else message.success(PL('Page:RunResult', r.returned, r.reminded));
      await refresh();
    } finally {
      setRunning(false);
    }
  };

  const c = config.data;
  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary" data-testid="pool-rule-summary">
          {c ? (c.enabled ? PL('Page:RuleSummary', c.contactExpireDays, c.dealExpireDays) : PL('Page:RuleOff')) : null}
          {c?.lastRunTime
            ? ` ${PL('Page:LastRun', dayjs(c.lastRunTime).format(DATE_TIME), c.lastReturnedCount ?? 0)}`
            : ''}
        </Typography.Text>
        {access.can(`${P}.Settings`) && (
          <Space wrap>
            <Popconfirm
              title={PL('Page:RunConfirm')}
              onConfirm={runNow}
              okButtonProps={{ 'data-testid': 'pool-run-ok' } as never}
            >
              <Button icon={<PlayCircleOutlined />} loading={running} data-testid="pool-run-now">
                {PL('Page:RunNow')}
              </Button>
            </Popconfirm>
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="pool-settings">
              {PL('Page:Settings')}
            </Button>
          </Space>
        )}
      </Space>
      <ListPage<PoolCustomer>
        list={poolCustomerList}
        url={poolCustomersUrl}
        testid="pool-customers"
        title={PL('Title')}
        render={{
          level: (r) => (r.level ? PL(`Level:${r.level}`) : '—'),
          poolReason: (r) =>
            r.poolReasonKind ? (
              <Space size={4}>
                <Tag color={r.poolReasonKind === 'PUT_BACK' ? 'blue' : 'orange'}>
                  {PL(`ReasonKind:${r.poolReasonKind}`)}
                </Tag>
                {r.poolReasonKind === 'PUT_BACK' && <span title={r.poolReason ?? ''}>{r.poolReason}</span>}
              </Space>
            ) : (
              '—'
            ),
        }}
        exportPermission={`${CrmPermissions.Customers}.Export`}
        bulkActions={
          canClaim || canAssign
            ? (rows, done) => {
                const ids = rows.map((r) => r.id);
                return (
                  <>
                    {canClaim && (
                      <Popconfirm
                        title={PL('Page:ClaimSelectedConfirm', ids.length)}
                        onConfirm={async () => {
                          if (await claim(ids)) done();
                        }}
                        okButtonProps={{ 'data-testid': 'pool-claim-selected-ok' } as never}
                      >
                        <Button type="primary" loading={busy} data-testid="pool-claim-selected">
                          {PL('Page:ClaimSelected', ids.length)}
                        </Button>
                      </Popconfirm>
                    )}
                    {canAssign && (
                      <Button
                        onClick={() => {
                          setAssigning(ids);
                          clearSelection.current = done;
                        }}
                        data-testid="pool-assign-selected"
                      >
                        {PL('Page:AssignSelected', ids.length)}
                      </Button>
                    )}
                  </>
                );
              }
            : undefined
        }
        rowActions={
          canClaim || canAssign
            ? (r) => (
                <Space size={0}>
                  {canClaim && (
                    <Popconfirm
                      title={PL('Page:ClaimConfirm')}
                      onConfirm={() => claim([r.id])}
                      okButtonProps={{ 'data-testid': `pool-claim-ok-${r.id}` } as never}
                    >
                      <LinkButton data-testid={`pool-claim-${r.id}`}>{PL('Page:Claim')}</LinkButton>
                    </Popconfirm>
                  )}
                  {canAssign && (
                    <LinkButton onClick={() => setAssigning([r.id])} data-testid={`pool-assign-${r.id}`}>
                      {PL('Page:Assign')}
                    </LinkButton>
                  )}
                </Space>
              )
            : undefined
        }
      />
      <Modal
        open={!!assigning}
        title={PL('Page:AssignTitle')}
        onCancel={() => setAssigning(null)}
        onOk={assign}
        confirmLoading={busy}
        okButtonProps={{ disabled: !assignee, 'data-testid': 'pool-assign-ok' } as never}
        destroyOnHidden
      >
        <UserSelect
          placeholder={PL('Page:AssignTo')}
          style={{ width: '100%' }}
          testid="pool-assign-user"
          value={assignee}
          onChange={setAssignee}
        />
      </Modal>
      <Modal
        open={!!limitError}
        title={PL('Page:LimitTitle')}
        onCancel={() => setLimitError(null)}
        onOk={() => setLimitError(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="error" showIcon title={limitError} data-testid="pool-limit-error" />
      </Modal>
      {settingsOpen && <SettingsDrawer onClose={() => setSettingsOpen(false)} />}
    </>
  );
}
