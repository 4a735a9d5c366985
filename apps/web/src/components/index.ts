/** Reusable screen pieces of SPEC §2 shared by every page. */
export { Loading } from './Loading.tsx';
export { IconButton, TOOLTIP_DELAY_S } from './IconButton.tsx';
export { SearchBox } from './SearchBox.tsx';
export { PageCard } from './PageCard.tsx';
export { PagedTable, PAGE_SIZES } from './PagedTable.tsx';
export { NotYetAvailable } from './NotYetAvailable.tsx';
export { KeywordSearch, usePagedList, type Page, type PageQuery } from './paged-list/index.ts';
