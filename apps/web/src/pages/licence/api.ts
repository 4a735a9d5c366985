/** Licence calls (POST /lic/{key}); payloads mirror apps/server/src/domain/licence. */
import { post } from '../../api/request.ts';

export interface LicenceStatus { state: 'none' | 'valid' | 'not_yet' | 'expired'; customer: string; not_after: number | null; days_left: number | null; grace: boolean }
export interface ProductGrant { tasks?: number; per_user?: number; not_before?: number; not_after?: number }
export interface Licence { licence_id: string; customer: string; issued_at: number; not_before: number; not_after: number; products: Record<string, ProductGrant>; modules?: string[]; usage: Record<string, number> }

export const licenceStatus = () => post<LicenceStatus>('/lic/status', {}, { silent: true });
export const licenceInfo = () => post<{ status: LicenceStatus; licence: Licence | null }>('/lic/info', {});
export const uploadLicence = (document: string) => post<Licence>('/lic/upload', { document });
export const deleteLicence = () => post<{ ok: boolean }>('/lic/delete', {});
