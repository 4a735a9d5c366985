/** Registered real devices (Workbench → real phones): listed with their state; managing them comes with the device-farm issue. */
import type { DeviceRow } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ViewScope } from './scope.ts';

const STATES: readonly DeviceRow['state'][] = ['online', 'busy', 'offline'];

/** Devices of the caller's customer plus the shared ones (customer_id null); admin sees all. */
export async function listDevices(db: Kysely<DB>, scope: Pick<ViewScope, 'customerId'>): Promise<DeviceRow[]> {
  let q = db.selectFrom('devices').select(['id', 'name', 'model', 'os', 'os_version', 'serial', 'state', 'updated_at']);
  if (scope.customerId !== undefined) q = q.where((eb) => eb.or([eb('customer_id', '=', scope.customerId!), eb('customer_id', 'is', null)]));
  const rows = await q.orderBy('id').limit(1000).execute();
  return rows.map((r) => ({ ...r, state: STATES.includes(r.state as DeviceRow['state']) ? (r.state as DeviceRow['state']) : 'offline' }));
}
