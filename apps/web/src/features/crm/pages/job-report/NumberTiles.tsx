import { Card, Col, Row, Statistic, Typography } from 'antd';
import { LJ, type ReportNumbers } from '../../api/reports.ts';

/**
 * The period's numbers as statistic tiles: new customers, follow-ups, new businesses and the won
 * amount (one line per currency), with when they were taken.
 */
export function NumberTiles({ numbers, testid }: { numbers: ReportNumbers; testid: string }) {
  const won = numbers.wonAmounts;
  const tiles = [
    { key: 'newCustomers', title: LJ('Numbers:NewCustomers'), value: numbers.newCustomers },
    { key: 'activities', title: LJ('Numbers:Activities'), value: numbers.activities },
    { key: 'newBusinesses', title: LJ('Numbers:NewBusinesses'), value: numbers.newBusinesses },
  ];
  return (
    <div data-testid={testid}>
      <Row gutter={[8, 8]}>
        {tiles.map((t) => (
          <Col key={t.key} xs={12} sm={6}>
            <Card size="small">
              <Statistic title={t.title} value={t.value} data-testid={`${testid}-${t.key}`} />
            </Card>
          </Col>
        ))}
        <Col xs={12} sm={6}>
          <Card size="small">
            <Statistic
              title={LJ('Numbers:Won')}
              value={won.length === 1 ? won[0].amount : won.map((m) => `${m.amount} ${m.currency}`).join(' / ') || '0'}
              suffix={won.length === 1 ? <span style={{ fontSize: 14 }}>{won[0].currency}</span> : undefined}
              data-testid={`${testid}-won`}
            />
            {numbers.wonCount > 0 && (
              <Typography.Text type="secondary">{LJ('Numbers:WonCount', numbers.wonCount)}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {LJ('Page:NumbersAt', new Date(numbers.computedAt).toLocaleString())}
      </Typography.Text>
    </div>
  );
}
