export { usePagedList, type Page, type PageQuery } from './usePagedList.ts';
export { KeywordSearch } from './KeywordSearch.tsx';
