import { type BannerPosition, bannerFields } from '@seller/contracts/sitekit';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Image, InputNumber, Row, Select, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { CrudField, ResourcePage, TextField } from '../../../components/crud/index.ts';
import { type BannerDto, bannerPositionOptions, bannersApi, SL, sitekitKeys, sitesApi } from '../api.ts';

const L = (key: string) => SL(`DisplayName:${key}`);
const schema = () => bannerFields;
const at = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
const iso = (v: unknown) => (v ? (v as Dayjs).toISOString() : null);
const showingNow = (b: BannerDto) =>
  b.isActive && (!b.startAt || dayjs(b.startAt).isBefore(dayjs())) && (!b.endAt || dayjs(b.endAt).isAfter(dayjs()));

/**
 * One site's banners (the site kept in the URL): the home carousel's slides when `carousel`, every
 * other position otherwise. Each row shows its image, where and when it is shown, and whether it is
 * showing now; written in a drawer (dates as the reader's local time).
 */
export function BannerList({ carousel }: { carousel: boolean }) {
  const [params, setParams] = useSearchParams();
  const sites = useQuery({ queryKey: sitekitKeys.siteOptions, queryFn: () => sitesApi.all() });
  const items = sites.data?.items ?? [];
  const site = items.find((s) => s.id === params.get('siteId')) ?? items[0];
  const position: BannerPosition | undefined = carousel ? 'HOME_CAROUSEL' : undefined;
  const title = SL(carousel ? 'Carousels' : 'Banners');
  if (!sites.isLoading && !site)
    return (
      <Card title={title}>
        <Empty description={SL('NoSites')} />
      </Card>
    );
  if (!site) return null;
  const api = bannersApi(site.id, position);
  return (
    <ResourcePage<BannerDto, ReturnType<typeof schema>>
      key={site.id}
      testid={carousel ? 'carousel' : 'banners'}
      queryKey={['sitekit', 'banners', site.id, carousel]}
      title={title}
      createTitle={SL(carousel ? 'New:Slide' : 'New:Banner')}
      editTitle={(label) => SL(carousel ? 'Edit:Slide' : 'Edit:Banner', label)}
      permission="Sitekit.Banners"
      api={api}
      defaultSorting={carousel ? 'sortOrder asc' : 'position asc'}
      label={(r) => r.title}
      toolbar={
        <Select
          style={{ minWidth: 180 }}
          value={site.id}
          onChange={(siteId: string) => setParams({ siteId })}
          options={items.map((s) => ({ value: s.id, label: s.name }))}
          aria-label={SL('ChooseSite')}
          data-testid="banners-site"
        />
      }
      columns={[
        {
          key: 'imageUrl',
          title: L('ImageUrl'),
          dataIndex: 'imageUrl',
          render: (v: string, r) => (
            <Image src={v} alt={r.altText ?? r.title} width={96} height={48} style={{ objectFit: 'cover' }} />
          ),
        },
        { key: 'title', title: L('Title'), dataIndex: 'title', sortField: 'title' },
        ...(carousel
          ? []
          : [
              {
                key: 'position',
                title: L('Position'),
                dataIndex: 'position',
                sortField: 'position',
                render: (v: string) => SL(`BannerPosition:${v}`),
              },
            ]),
        { key: 'sortOrder', title: L('SortOrder'), dataIndex: 'sortOrder', sortField: 'sortOrder' },
        {
          key: 'when',
          title: L('StartAt'),
          render: (_v, r) => (r.startAt || r.endAt ? `${at(r.startAt)} ~ ${at(r.endAt)}` : SL('AlwaysShown')),
        },
        {
          key: 'isActive',
          title: L('IsActive'),
          dataIndex: 'isActive',
          render: (_v, r) =>
            showingNow(r) ? <Tag color="success">{SL('ShownNow')}</Tag> : <Tag>{SL('NotShownNow')}</Tag>,
        },
      ]}
      schema={schema}
      blank={{ position: position ?? 'HOME_SIDE', title: '', imageUrl: '', sortOrder: 0, isActive: true }}
      toForm={(r) =>
        ({ ...r, startAt: r.startAt ? dayjs(r.startAt) : null, endAt: r.endAt ? dayjs(r.endAt) : null }) as never
      }
      toInput={(v) => ({ ...v, siteId: site.id, startAt: iso(v.startAt), endAt: iso(v.endAt) })}
      fields={
        <>
          <Row gutter={12}>
            <Col xs={24} sm={carousel ? 24 : 14}>
              <TextField name="title" label={L('Title')} autoFocus data-testid="banner-title" />
            </Col>
            {!carousel && (
              <Col xs={24} sm={10}>
                <CrudField name="position" label={L('Position')}>
                  <Select options={bannerPositionOptions()} data-testid="banner-position" />
                </CrudField>
              </Col>
            )}
          </Row>
          <TextField name="subtitle" label={L('Subtitle')} data-testid="banner-subtitle" />
          <TextField name="imageUrl" label={L('ImageUrl')} data-testid="banner-image" />
          <TextField name="mobileImageUrl" label={L('MobileImageUrl')} />
          <TextField name="link" label={L('Link')} data-testid="banner-link" />
          <TextField name="altText" label={L('AltText')} />
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <CrudField name="startAt" label={L('StartAt')}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
              </CrudField>
            </Col>
            <Col xs={24} sm={12}>
              <CrudField name="endAt" label={L('EndAt')}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: '100%' }}
                  data-testid="banner-end"
                />
              </CrudField>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col xs={12}>
              <CrudField name="sortOrder" label={L('SortOrder')}>
                <InputNumber precision={0} style={{ width: '100%' }} data-testid="banner-sort" />
              </CrudField>
            </Col>
            <Col xs={12}>
              <CrudField name="isActive" label={L('IsActive')} valuePropName="checked">
                <Switch data-testid="banner-active" />
              </CrudField>
            </Col>
          </Row>
        </>
      }
    />
  );
}
