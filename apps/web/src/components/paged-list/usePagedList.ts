/**
 * A paged list of rows: page, page size and the search filters, the rows loaded again
 * whenever one of them changes, and the props a PagedTable needs. Searching goes back to
 * page 1; empty filter values (after trimming) are not sent. Errors are shown by the
 * request layer, so a failed load keeps the rows it had.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface Page<T> {
  total: number;
  list: T[];
}

export interface PageQuery {
  page: number;
  page_size: number;
}

type FilterValue = string | number | boolean | undefined | null;

/** Trimmed strings; empty strings, undefined and null dropped. */
function sentFilters<F extends Record<string, FilterValue>>(filters: Partial<F>): Partial<F> {
  const out: Record<string, FilterValue> = {};
  for (const [name, value] of Object.entries(filters)) {
    const v = typeof value === 'string' ? value.trim() : value;
    if (v !== undefined && v !== null && v !== '') out[name] = v;
  }
  return out as Partial<F>;
}

/**
 * `fetchPage` may be a new function on every render (an inline arrow): the latest one is
 * used, but only page, filters and `deps` trigger a load — a loader's identity did before,
 * and an inline loader then reloaded after every render, flooding the server until its
 * rate limit answered 429. Pass what the loader reads from props (a type, a kind) as `deps`.
 */
export function usePagedList<T, F extends Record<string, FilterValue> = Record<string, never>>(
  fetchPage: (query: PageQuery & Partial<F>) => Promise<Page<T>>,
  initialPageSize = 10,
  deps: readonly unknown[] = [],
) {
  const [paging, setPaging] = useState<PageQuery>({ page: 1, page_size: initialPageSize });
  const [filters, setFilters] = useState<Partial<F>>({});
  const [data, setData] = useState<Page<T>>({ total: 0, list: [] });
  const [loading, setLoading] = useState(false);
  const latestFetch = useRef(fetchPage);
  latestFetch.current = fetchPage;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await latestFetch.current({ ...paging, ...filters }));
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  }, [paging, filters, ...deps]);
  useEffect(() => void reload(), [reload]);

  const setPage = useCallback((page: number, page_size: number) => setPaging({ page, page_size }), []);
  const search = useCallback((next: Partial<F>) => {
    setFilters(sentFilters(next));
    setPaging((p) => ({ ...p, page: 1 }));
  }, []);

  const tableProps = useMemo(
    () => ({ loading, dataSource: data.list, total: data.total, page: paging.page, pageSize: paging.page_size, onPageChange: setPage }),
    [loading, data, paging, setPage],
  );
  return { query: { ...paging, ...filters }, data, loading, reload, search, setPage, tableProps };
}
