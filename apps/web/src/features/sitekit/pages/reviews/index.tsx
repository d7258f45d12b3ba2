import { SitekitPermissions } from '@seller/contracts';
import { type ReviewAction, reviewList, reviewReplyInput, reviewTransitions } from '@seller/contracts/sitekit';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Rate, Select, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Access,
  ConfirmButton,
  CrudField,
  FormOverlay,
  RowAction,
  useOpenForm,
  useRunAndRefresh,
} from '../../../../components/crud/index.ts';
import { ListPage } from '../../../../components/list/index.ts';
import { type ReviewDto, reviewsApi, type SiteDto, SL } from '../../api.ts';
import { BulkRun } from '../../components/BulkRun.tsx';
import { SiteScoped, useSiteScope } from '../../components/SiteScope.tsx';

const P = SitekitPermissions.Reviews;
const MODERATE = `${P}.Moderate`;
/** Most rows one bulk moderation takes (one call each). */
const BULK_MAX = 100;
const STATUS_COLOR: Record<ReviewDto['status'], string> = {
  PENDING: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
};
const RATINGS = ['5', '4', '3', '2', '1'];
const can = (r: ReviewDto, action: ReviewAction) => Boolean(reviewTransitions[r.status][action]);

/** A review's stars, their number said to a screen reader. */
const Stars = ({ rating }: { rating: number }) => (
  <span role="img" aria-label={SL('RatingStars', rating)} data-rating={rating}>
    <Rate disabled value={rating} style={{ fontSize: 14 }} />
  </span>
);

/** A row's actions: approve or reject as its state allows, reply, delete (after asking). */
function ReviewActions({
  r,
  act,
  onReply,
}: {
  r: ReviewDto;
  act(run: () => Promise<unknown>, done?: string): void;
  onReply(): void;
}) {
  const { t } = useTranslation();
  const id = (name: string) => `review-${name}-${r.id}`;
  return (
    <>
      {can(r, 'approve') && (
        <Access permission={MODERATE}>
          <Button
            type="link"
            size="small"
            onClick={() => act(() => reviewsApi.act(r.id, 'approve'), SL('ReviewApproved'))}
            data-testid={id('approve')}
          >
            {SL('ApproveReview')}
          </Button>
        </Access>
      )}
      {can(r, 'reject') && (
        <Access permission={MODERATE}>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => act(() => reviewsApi.act(r.id, 'reject'), SL('ReviewRejected'))}
            data-testid={id('reject')}
          >
            {SL('RejectReview')}
          </Button>
        </Access>
      )}
      <RowAction permission={MODERATE} onClick={onReply} testid={id('reply')}>
        {r.reply ? SL('EditReply') : SL('ReplyToReview')}
      </RowAction>
      <Access permission={`${P}.Delete`}>
        <ConfirmButton
          danger
          title={SL('DeleteReviewConfirm', r.shopperName)}
          description={t('crud.deleteWarning')}
          okText={t('crud.delete')}
          onConfirm={() => act(() => reviewsApi.remove(r.id), t('crud.deleted'))}
          testid={id('delete')}
        >
          {t('crud.delete')}
        </ConfirmButton>
      </Access>
    </>
  );
}

/** One site's reviews: the list kit's page with their status tabs, moderated one by one or together. */
function Reviews({ site, picker }: { site: SiteDto; picker: ReactNode }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [reviewsApi.url] });
  const act = useRunAndRefresh(refresh);
  const reply = useOpenForm<ReviewDto, object>(
    (target) =>
      target === 'new'
        ? { title: '' }
        : {
            title: SL('ReplyTo', target.shopperName),
            initial: { reply: target.reply ?? '', concurrencyStamp: target.concurrencyStamp },
          },
    refresh,
  );
  const replying = reply.editing && reply.editing !== 'new' ? reply.editing : undefined;
  return (
    <>
      <ListPage<ReviewDto>
        list={reviewList}
        url={reviewsApi.url}
        testid="reviews"
        title={SL('Reviews')}
        fixed={{ siteId: site.id }}
        exportPermission={P}
        toolbar={picker}
        filterInputs={{
          // the stars in words (the declaration's values are the digits)
          rating: ({ filters, onChange }) => (
            <Select
              allowClear
              style={{ minWidth: 120 }}
              placeholder={SL('DisplayName:Rating')}
              aria-label={SL('DisplayName:Rating')}
              value={filters.rating as string | undefined}
              onChange={(rating?: string) => onChange({ rating })}
              options={RATINGS.map((n) => ({ value: n, label: SL('RatingStars', n) }))}
              data-testid="reviews-filter-rating"
            />
          ),
        }}
        render={{
          shopperName: (r) => (
            <>
              <div>{r.shopperName}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.shopperEmail}
              </Typography.Text>
            </>
          ),
          rating: (r) => <Stars rating={r.rating} />,
          text: (r) => (
            <>
              {r.title && <Typography.Text strong>{r.title}</Typography.Text>}
              <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ marginBottom: 0 }}>
                {r.text}
              </Typography.Paragraph>
              {r.reply && (
                <Typography.Paragraph
                  type="secondary"
                  style={{ marginBottom: 0 }}
                  data-testid={`review-answer-${r.id}`}
                >
                  {SL('SellerReply', r.reply)}
                </Typography.Paragraph>
              )}
            </>
          ),
          verifiedPurchase: (r) =>
            r.verifiedPurchase ? <Tag color="green">{SL('DisplayName:VerifiedPurchase')}</Tag> : '',
          status: (r) => <Tag color={STATUS_COLOR[r.status]}>{SL(`ReviewStatus:${r.status}`)}</Tag>,
        }}
        rowActions={(r) => <ReviewActions r={r} act={act} onReply={() => reply.open(r)} />}
        selectionMax={BULK_MAX}
        bulkActions={(rows, done) => (
          <>
            <BulkRun
              rows={rows}
              applies={(r) => can(r, 'approve')}
              run={(r) => reviewsApi.act(r.id, 'approve', true)}
              done={done}
              permission={MODERATE}
              label={SL('BulkApprove')}
              question={(n) => SL('BulkApproveConfirm', n)}
              testid="reviews-bulk-approve"
            />
            <BulkRun
              rows={rows}
              applies={(r) => can(r, 'reject')}
              run={(r) => reviewsApi.act(r.id, 'reject', true)}
              done={done}
              permission={MODERATE}
              label={SL('BulkReject')}
              question={(n) => SL('BulkRejectConfirm', n)}
              danger
              testid="reviews-bulk-reject"
            />
          </>
        )}
      />
      <FormOverlay
        {...reply.overlay}
        mode="modal"
        schema={reviewReplyInput}
        onSubmit={(values) => reply.save(values, { create: () => Promise.resolve(), update: reviewsApi.reply })}
        testid="review-reply-form"
      >
        {replying && (
          <div style={{ marginBottom: 12 }}>
            <Stars rating={replying.rating} />
            <Typography.Paragraph style={{ marginBottom: 0 }}>{replying.text}</Typography.Paragraph>
          </div>
        )}
        <CrudField name="reply" label={SL('DisplayName:Reply')} extra={SL('ReplyHint')}>
          <Input.TextArea rows={4} maxLength={2000} showCount autoFocus data-testid="review-reply-text" />
        </CrudField>
      </FormOverlay>
    </>
  );
}

/**
 * /publishingPlatform/site/reviews (评价): one site's product reviews (the site kept in the URL),
 * waiting, approved and rejected tabs with their counts, rating and verified-purchase filters,
 * search, sort, export; each shows its stars, text, whether the shopper bought the product and
 * the seller's reply; approved or rejected as its state allows (the selected rows together too),
 * replied to in a dialog, deleted after asking.
 */
export default function SiteReviewsPage() {
  const scope = useSiteScope('reviews');
  return (
    <SiteScoped scope={scope} title={SL('Reviews')}>
      {(site) => <Reviews key={site.id} site={site} picker={scope.picker} />}
    </SiteScoped>
  );
}
