/**
 * The filters and paging of a server-paged list, kept in the URL's search params so reload and back keep
 * them (users, review queues, news, notices, lending products). `page` and `size` come from the URL;
 * `update` changes some params, and a filter change goes back to page 1; `pagination` is the pager of the
 * list's table, showing the page the server answered.
 */
import type { TablePaginationConfig } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { positiveInt } from '../lib/url-params';

const pageSizes = [10, 20, 50, 100];
const defaultPageSize = 20;

/** What a list answer says about its page (docs/api.md §1.5). */
interface PageOfAnswer {
  page: number;
  size: number;
  total: number;
}

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1, 9999);
  const size = positiveInt(params.get('size'), defaultPageSize, 300);

  /** Changes some URL params (empty or undefined removes one); any filter change goes back to page 1. */
  function update(changes: Record<string, string | undefined>, resetPage = true) {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (resetPage) next.delete('page');
      return next;
    });
  }

  /** The table's pager; the first page and the default size stay out of the URL. */
  function pagination(answer: PageOfAnswer | undefined, showTotal?: (total: number) => string): TablePaginationConfig {
    return {
      current: answer?.page ?? page,
      pageSize: answer?.size ?? size,
      total: answer?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: pageSizes,
      ...(showTotal ? { showTotal } : {}),
      onChange: (nextPage, nextSize) =>
        update(
          {
            page: nextPage > 1 ? String(nextPage) : undefined,
            size: nextSize !== defaultPageSize ? String(nextSize) : undefined,
          },
          false,
        ),
    };
  }

  return { params, page, size, update, pagination };
}
