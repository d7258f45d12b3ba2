import { DownloadOutlined } from '@ant-design/icons';
import { Card, Space, Steps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadExport, PrimaryAction } from '../../../../components/crud/index.ts';
import { LC } from '../../api.ts';
import { gathersApi } from '../../gathers-api.ts';

const T = (key: string, ...args: unknown[]) => LC(`GatherPage:Collector:${key}`, ...args);
const SOURCES = ['1688', 'TAOBAO', 'TMALL', 'ALIEXPRESS', 'AMAZON'];

/**
 * /product/collector (the top bar's plugin button): what the browser collector extension does,
 * how to install it, and its files as a ZIP (the admin's address and the tenant written into it).
 */
export default function CollectorPage() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadExport(gathersApi.extensionPath, { server: window.location.origin }, 'seller-collector.zip');
    } catch {
      // the HTTP client has notified
    } finally {
      setBusy(false);
    }
  };

  return (
    // the layout already heads the page with its name
    <Card data-testid="collector">
      <Typography.Paragraph>{T('Intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{T('Sources')}</span>
        {SOURCES.map((s) => (
          <Tag key={s}>{LC(`GatherPage:Platform:${s}`)}</Tag>
        ))}
        <Tag>{T('AnyProductPage')}</Tag>
      </Space>
      <div style={{ marginBottom: 24 }}>
        <PrimaryAction
          permission="Catalog.Gathers"
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={() => void download()}
          testid="collector-download"
        >
          {T('Download')}
        </PrimaryAction>
      </div>
      <Typography.Title level={5}>{T('InstallTitle')}</Typography.Title>
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={[
          { title: T('Step1'), content: T('Step1Detail') },
          { title: T('Step2'), content: <Typography.Text code>chrome://extensions</Typography.Text> },
          { title: T('Step3'), content: T('Step3Detail') },
          { title: T('Step4'), content: T('Step4Detail') },
          {
            title: T('Step5'),
            content: (
              <Link to="/product/gather-list" data-testid="collector-gather-list">
                {T('Step5Detail')}
              </Link>
            ),
          },
        ]}
      />
      <Typography.Title level={5}>{T('OtherWaysTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{T('OtherWays')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{T('Privacy')}</Typography.Paragraph>
    </Card>
  );
}
