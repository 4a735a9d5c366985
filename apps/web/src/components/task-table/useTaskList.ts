/**
 * The task table's data: one page of /task/list for the current filters, kept
 * live by the socket (pushed status/progress fields are merged into the rows on
 * screen; no polling).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Platform, TERMINAL_STATUSES, type TaskListRequest, type TaskStatus } from '@citadel/contracts';
import { listTasks } from '../../api/tasks.ts';
import { subscribeTaskPushes } from '../../api/socket.ts';
import { mergePush } from './task-display.ts';
import type { TaskTableRow } from './format.ts';

export interface TaskFilters {
  keyword?: string;
  status?: TaskStatus;
  platform?: Platform;
}

export const DEFAULT_PAGE_SIZE = 10;

export function useTaskList(scope: { platform?: Platform; mine?: boolean }) {
  const [filters, setFilters] = useState<TaskFilters>({});
  const [page, setPage] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [rows, setRows] = useState<TaskTableRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const req: TaskListRequest = { page: page.page, page_size: page.pageSize };
    const platform = scope.platform ?? filters.platform;
    if (platform) req.platform = platform;
    if (scope.mine) req.mine = true;
    if (filters.status) req.status = filters.status;
    const keyword = filters.keyword?.trim();
    if (keyword) req.keyword = keyword;
    const call = ++latest.current;
    setLoading(true);
    listTasks(req)
      .then((answer) => {
        if (call !== latest.current) return;
        setRows(answer.list);
        setTotal(answer.total);
        // A page emptied by deletions falls back to the previous one.
        if (answer.list.length === 0 && answer.total > 0 && page.page > 1) setPage((p) => ({ ...p, page: Math.max(1, Math.ceil(answer.total / p.pageSize)) }));
      })
      .catch(() => undefined)
      .finally(() => {
        if (call === latest.current) setLoading(false);
      });
  }, [scope.platform, scope.mine, filters, page, version]);

  // Pushed status and progress are merged into the rows. A task reaching a final state (its
  // summary fields — app name, score — exist only then) or a task this page does not show yet
  // (created elsewhere) makes the page reload, at most once a second.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const pageRef = useRef(page.page);
  pageRef.current = page.page;
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        setVersion((v) => v + 1);
      }, 1000);
    };
    const unsubscribe = subscribeTaskPushes((push) => {
      const known = rowsRef.current.some((r) => r.task_uid === push.task_uid);
      setRows((current) => mergePush(current, push));
      if ((known && TERMINAL_STATUSES.includes(push.status)) || (!known && pageRef.current === 1)) reloadSoon();
    });
    return () => {
      unsubscribe();
      clearTimeout(pending);
    };
  }, []);

  const search = useCallback((next: TaskFilters) => {
    setFilters(next);
    setPage((p) => ({ ...p, page: 1 }));
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const changePage = useCallback((p: number, pageSize: number) => setPage({ page: p, pageSize }), []);

  return { rows, total, loading, page: page.page, pageSize: page.pageSize, search, reload, changePage };
}
