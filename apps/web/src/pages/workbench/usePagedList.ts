/** Page, page size and keyword of a paged list, and its rows loaded again whenever they change (errors are shown by the request layer). */
import { useCallback, useEffect, useState } from 'react';

export interface PagedQuery {
  page: number;
  page_size: number;
  keyword: string;
}

export function usePagedList<T>(fetchPage: (q: { page: number; page_size: number; keyword?: string }) => Promise<{ total: number; list: T[] }>) {
  const [query, setQuery] = useState<PagedQuery>({ page: 1, page_size: 10, keyword: '' });
  const [data, setData] = useState<{ total: number; list: T[] }>({ total: 0, list: [] });
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchPage({ page: query.page, page_size: query.page_size, ...(query.keyword ? { keyword: query.keyword } : {}) }));
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  }, [fetchPage, query]);
  useEffect(() => void load(), [load]);
  return {
    query,
    data,
    loading,
    reload: load,
    search: (keyword: string | undefined) => setQuery((q) => ({ ...q, page: 1, keyword: keyword?.trim() ?? '' })),
    setPage: (page: number, page_size: number) => setQuery((q) => ({ ...q, page, page_size })),
  };
}
