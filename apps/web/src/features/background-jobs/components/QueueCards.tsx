import { ClockCircleOutlined } from '@ant-design/icons';
import { type JobQueueDto, type JobState, jobStates } from '@seller/contracts/jobs/dto';
import { Card, Col, Empty, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { queueName } from '../../../lib/i18n/index.ts';
import { stateStyles, useStateText } from './states.tsx';

interface QueueCardsProps {
  queues: JobQueueDto[] | undefined;
  loading: boolean;
  selected?: string;
  /** A click on a queue (and state) filters the list below. */
  onSelect(queue: string | undefined, state?: JobState): void;
}

/** One card per queue: its jobs as a stacked bar by state, with the counts as tags that filter the list. */
export function QueueCards({ queues, loading, selected, onSelect }: QueueCardsProps) {
  const { t } = useTranslation();
  const stateText = useStateText();
  if (loading && !queues) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!queues?.length) return <Empty description={t('BackgroundJobs::NoQueues')} />;
  return (
    <Row gutter={[12, 12]}>
      {queues.map((q) => (
        <Col key={q.name} xs={24} md={12} xl={8}>
          <Card
            size="small"
            hoverable
            data-testid={`queue-${q.name}`}
            style={selected === q.name ? { borderColor: '#1677ff' } : undefined}
            onClick={() => onSelect(selected === q.name ? undefined : q.name)}
            title={
              <Space size={6}>
                <Typography.Text strong title={q.name}>
                  {queueName(q.name)}
                </Typography.Text>
                {q.schedule && (
                  <Tooltip title={`${t('BackgroundJobs::Schedule')} (UTC)`}>
                    <Tag icon={<ClockCircleOutlined />}>{q.schedule}</Tag>
                  </Tooltip>
                )}
              </Space>
            }
            extra={
              <Typography.Text type="secondary">
                {t('BackgroundJobs::Total')} {q.total}
              </Typography.Text>
            }
          >
            <div
              role="img"
              aria-label={jobStates.map((s) => `${stateText(s)} ${q.counts[s]}`).join(', ')}
              style={{ display: 'flex', height: 10, borderRadius: 5, overflow: 'hidden', background: '#f0f0f0' }}
            >
              {jobStates
                .filter((s) => q.counts[s] > 0)
                .map((s) => (
                  <div key={s} style={{ flex: q.counts[s], background: stateStyles[s].bar }} />
                ))}
            </div>
            <Space size={[4, 4]} wrap style={{ marginTop: 10 }}>
              {jobStates.map((s) => (
                <Tag
                  key={s}
                  color={q.counts[s] ? stateStyles[s].tag : undefined}
                  style={{ cursor: 'pointer' }}
                  data-testid={`queue-${q.name}-${s}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onSelect(q.name, s);
                  }}
                >
                  {stateText(s)} {q.counts[s]}
                </Tag>
              ))}
            </Space>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
