/**
 * Platform notices (issue 30), built from the portal's services. One service per
 * Services object, so the notice routes and the socket share its change events
 * without a new field on Services.
 */
import type { Kysely } from 'kysely';
import type { Services } from '../../services.ts';
import { NoticeService } from './notice-service.ts';
import type { NoticesDB } from './schema.ts';

export { NoticeService, isTargeted, isShowing, type NoticeChange, type NoticeInput, type ClientNotice } from './notice-service.ts';
export { ATTACHMENT_EXTENSIONS, attachmentLimit } from './attachment-rules.ts';

const byServices = new WeakMap<Services, NoticeService>();

export function noticesOf(services: Services): NoticeService {
  let svc = byServices.get(services);
  if (!svc) {
    svc = new NoticeService(services.database.db as unknown as Kysely<NoticesDB>, services.storage);
    byServices.set(services, svc);
  }
  return svc;
}
