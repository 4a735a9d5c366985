/**
 * Who may move sample files (route access declarations for file.ts, mb.ts,
 * sample.ts): uploading needs 'add' on a samples screen or on any assessment
 * list (their create pages upload the target); reading and downloading need the
 * samples screens' own grants.
 */
import { EVALUATIONS, type Operation } from '@citadel/contracts';
import type { Access, Grant } from '../access.ts';

const SAMPLE_SCREENS = ['Tools_Samples', 'Workbench_Samples'];
const UPLOAD_SCREENS = [...SAMPLE_SCREENS, ...EVALUATIONS.map((e) => e.key), 'FirmwareEvaluation', 'ComponentSecurity'];

const anyOf = (resources: string[], operation: Operation): Access => ({ anyOf: resources.map((resource): Grant => ({ resource, operation })) });

export const UPLOAD_ACCESS = anyOf(UPLOAD_SCREENS, 'add');
export const SAMPLE_VIEW_ACCESS = anyOf(SAMPLE_SCREENS, 'view');
export const SAMPLE_DOWNLOAD_ACCESS = anyOf(SAMPLE_SCREENS, 'download');
export const SAMPLE_DELETE_ACCESS = anyOf(SAMPLE_SCREENS, 'delete');
