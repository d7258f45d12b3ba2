import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Skeleton } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type SiteDto, SL, sitekitKeys, sitesApi } from '../api.ts';

/**
 * The site a page of one site's data shows (catalogue, shoppers, carts, reviews, orders): the
 * one named in the URL (`?siteId=`), else the first. Choosing another starts its list afresh (the
 * other members of the URL go). A list that writes its own state into the URL may drop `siteId`
 * (its filters' reset): the page keeps the site it showed and puts it back in the URL.
 */
export function useSiteScope(testid: string) {
  const [params, setParams] = useSearchParams();
  const sites = useQuery({ queryKey: sitekitKeys.siteOptions, queryFn: () => sitesApi.all() });
  const items = sites.data?.items ?? [];
  const inUrl = params.get('siteId');
  const [kept, setKept] = useState<string | null>(inUrl);
  if (inUrl && inUrl !== kept) setKept(inUrl);
  const site: SiteDto | undefined = items.find((s) => s.id === (inUrl ?? kept)) ?? items[0];
  const lost = !inUrl && Boolean(kept) && site?.id === kept;
  useEffect(() => {
    if (lost && kept)
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.set('siteId', kept);
          return next;
        },
        { replace: true },
      );
  }, [lost, kept, setParams]);
  const picker = (
    <Select
      style={{ minWidth: 180 }}
      loading={sites.isLoading}
      value={site?.id}
      onChange={(siteId: string) => {
        setKept(siteId);
        setParams({ siteId });
      }}
      options={items.map((s) => ({ value: s.id, label: s.name }))}
      aria-label={SL('ChooseSite')}
      data-testid={`${testid}-site`}
    />
  );
  return { site, sites: items, loading: sites.isLoading, failed: sites.isError, picker };
}

/**
 * A page of one site's data: a placeholder while the sites load, "no site yet" (or nothing to
 * show when they could not be read) without one, else the page for the chosen site.
 */
export function SiteScoped({
  scope,
  title,
  children,
}: {
  scope: ReturnType<typeof useSiteScope>;
  title: string;
  children: (site: SiteDto) => ReactNode;
}) {
  if (scope.site) return <>{children(scope.site)}</>;
  return (
    <Card title={title}>
      {scope.loading ? <Skeleton active /> : <Empty description={scope.failed ? undefined : SL('NoSites')} />}
    </Card>
  );
}
