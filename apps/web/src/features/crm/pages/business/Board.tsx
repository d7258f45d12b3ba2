import { MoreOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Empty, Skeleton, Tag, Typography, theme } from 'antd';
import { type DragEvent, useRef, useState } from 'react';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  BL,
  type BoardColumn,
  type BusinessBoard,
  type BusinessRow,
  businessesApi,
  businessKeys,
} from '../../api/businesses.ts';
import { CloseDialog } from './CloseDialog.tsx';
import { addAmount, amountsText, money } from './parts.tsx';

const P = CrmPermissions.Businesses;
export type BoardFilters = { statusTypeId?: string; ownerUserId?: string; customerId?: string; filter?: string };

/** The board with `card` moved from its column to `to` (counts and sums follow), for the optimistic update. */
function moved(board: BusinessBoard, card: BusinessRow, to: BoardColumn): BusinessBoard {
  return {
    ...board,
    columns: board.columns.map((c) => {
      if (c.items.some((i) => i.id === card.id)) {
        return {
          ...c,
          count: c.count - 1,
          amounts: addAmount(c.amounts, card.currency, card.totalPrice, -1),
          items: c.items.filter((i) => i.id !== card.id),
        };
      }
      if (c.key === to.key) {
        const next = { ...card, statusId: to.statusId, statusName: to.name, percent: to.percent };
        return {
          ...c,
          count: c.count + 1,
          amounts: addAmount(c.amounts, card.currency, card.totalPrice, 1),
          items: [next, ...c.items],
        };
      }
      return c;
    }),
  };
}

/** The kanban while it loads: columns of placeholder cards, announced to screen readers. */
export function BoardLoading() {
  return (
    <div role="status" aria-busy="true" aria-label={BL('Loading')} data-testid="business-board-loading">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

/**
 * The kanban of one stage group: a column per stage (open businesses) with its count and sums,
 * then won and lost. A card is dragged to another stage (or picked from its menu, which also
 * works by keyboard and on touch screens): the board moves it at once and puts it back if the
 * server refuses. Dropping on won or lost asks for the closing remark first.
 */
export function Board({ filters, onOpen }: { filters: BoardFilters; onOpen: (id: string) => void }) {
  const { message } = useUi();
  const access = useAccess();
  const { token } = theme.useToken();
  const client = useQueryClient();
  const key = [...businessKeys.board, filters];
  const q = useQuery({ queryKey: key, queryFn: ({ signal }) => businessesApi.board(filters, signal) });
  // a ref, not state: the drop may come before a render shows the drag
  const dragged = useRef<BusinessRow | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [closing, setClosing] = useState<{ card: BusinessRow; end: 1 | 2 } | null>(null);
  const canMove = access.can(`${P}.Update`);
  const canClose = access.can(`${P}.Close`);

  const refresh = () => client.invalidateQueries({ queryKey: businessKeys.all });
  const moveTo = async (card: BusinessRow, toKey: string) => {
    const board = client.getQueryData<BusinessBoard>(key);
    const to = board?.columns.find((c) => c.key === toKey);
    if (!board || !to || card.endStatus || to.items.some((i) => i.id === card.id)) return;
    if (!to.statusId) {
      if (canClose) setClosing({ card, end: toKey === 'won' ? 1 : 2 });
      return;
    }
    client.setQueryData(key, moved(board, card, to));
    try {
      await businessesApi.move(card.id, to.statusId);
      message.success(BL('Moved', to.name));
    } catch {
      // the HTTP client told the user why; the card goes back
      client.setQueryData(key, board);
    }
    void refresh();
  };

  const onDrop = (col: BoardColumn) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const card = dragged.current;
    dragged.current = null;
    if (card) void moveTo(card, col.key);
  };

  if (q.isLoading) return <BoardLoading />;
  const board = q.data;
  if (!board) return <Empty />;
  const title = (c: BoardColumn) => (c.statusId ? c.name : BL(c.key === 'won' ? 'Won' : 'Lost'));
  return (
    <div style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }} data-testid="business-board">
      {board.columns.map((col) => (
        <section
          key={col.key}
          aria-label={title(col)}
          data-testid={`board-column-${col.statusId ? col.name : col.key}`}
          onDragOver={(e) => {
            if (!dragged.current) return;
            e.preventDefault();
            setOver(col.key);
          }}
          onDragLeave={() => setOver((o) => (o === col.key ? null : o))}
          onDrop={onDrop(col)}
          style={{
            flex: '0 0 260px',
            background: over === col.key ? token.colorPrimaryBg : token.colorFillQuaternary,
            borderRadius: token.borderRadiusLG,
            padding: 8,
            minHeight: 200,
          }}
        >
          <div style={{ marginBottom: 8 }}>
            <Typography.Text strong>{title(col)}</Typography.Text>{' '}
            <Tag
              color={col.key === 'won' ? 'success' : col.key === 'lost' ? 'error' : 'processing'}
            >{`${col.percent}%`}</Tag>
            <div>
              <Typography.Text type="secondary" data-testid={`board-count-${col.key}`}>
                {BL('Businesses', col.count)}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" data-testid={`board-amount-${col.key}`}>
              {amountsText(col.amounts)}
            </Typography.Text>
          </div>
          {col.items.map((card) => (
            <Card
              key={card.id}
              size="small"
              style={{ marginBottom: 8, cursor: card.endStatus || !canMove ? 'pointer' : 'grab' }}
              draggable={!card.endStatus && canMove}
              onDragStart={(e) => {
                e.dataTransfer?.setData('text/plain', card.id);
                dragged.current = card;
              }}
              onDragEnd={() => {
                dragged.current = null;
                setOver(null);
              }}
              data-testid={`board-card-${card.id}`}
              onClick={() => onOpen(card.id)}
              title={
                <span data-content="data" style={{ whiteSpace: 'normal' }}>
                  {card.name}
                </span>
              }
              extra={
                !card.endStatus &&
                (canMove || canClose) && (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: board.columns
                        .filter((c) => c.key !== col.key && (c.statusId ? canMove : canClose))
                        .map((c) => ({ key: c.key, label: title(c), 'data-testid': `board-move-${card.id}-${c.key}` })),
                      onClick: ({ key: k, domEvent }) => {
                        domEvent.stopPropagation();
                        void moveTo(card, k);
                      },
                    }}
                  >
                    <Button
                      size="small"
                      type="text"
                      icon={<MoreOutlined />}
                      aria-label={BL('MoveTo')}
                      data-testid={`board-card-menu-${card.id}`}
                      onClick={(e) => e.stopPropagation()}
                    />
                  </Dropdown>
                )
              }
            >
              <div data-content="data">{card.customerName}</div>
              <Typography.Text strong>{`${money(card.totalPrice)} ${card.currency}`}</Typography.Text>
              {card.ownerName && <div style={{ color: token.colorTextSecondary }}>{card.ownerName}</div>}
            </Card>
          ))}
          {col.count > col.items.length && (
            <Typography.Text type="secondary">{`+${col.count - col.items.length}`}</Typography.Text>
          )}
        </section>
      ))}
      {closing && (
        <CloseDialog
          business={closing.card}
          endStatus={closing.end}
          onClose={() => setClosing(null)}
          onDone={async (b) => {
            setClosing(null);
            message.success(BL(`End:${b.endStatus}`));
            await refresh();
          }}
        />
      )}
    </div>
  );
}
