import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PagedResult } from '../../lib/abp/types.ts';

/** The page a small in-page list asks the server for (ABP's paging members). */
export interface PageRequest {
  skipCount: number;
  maxResultCount: number;
}

/**
 * A small list paged by the server inside a page or a card (a unit's members, a picker), its page
 * kept in the component rather than the URL (the list kit's lists keep theirs in the URL). The
 * previous page stays shown while the next loads; `pagination` goes to the antd `Table`, and a
 * new filter goes back to the first page with `setPage(1)`.
 */
export function usePagedQuery<T>(
  queryKey: readonly unknown[],
  pageSize: number,
  load: (page: PageRequest, signal: AbortSignal) => Promise<PagedResult<T>>,
) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...queryKey, page],
    queryFn: ({ signal }) => load({ skipCount: (page - 1) * pageSize, maxResultCount: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const pagination = {
    current: page,
    pageSize,
    total: query.data?.totalCount ?? 0,
    onChange: setPage,
    showSizeChanger: false,
  };
  return { query, setPage, pagination };
}
