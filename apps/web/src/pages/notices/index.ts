/** Platform notices (issue 30): the administrator's editor and what signed-in users see (banner, floating pop-ups). */
export { NoticesPage } from './NoticesPage.tsx';
export { NoticeCenter } from './NoticeCenter.tsx';
