/**
 * /f: firmware downloads (SPEC §2, issue 23). Permission-checked like
 * /file/download, but on the firmware screen's own grant
 * (FirmwareEvaluation-download) and through the task: the caller must see the
 * task (same customer, or admin) before its image is served, so a task number
 * of another customer answers task_not_found and reveals nothing.
 *
 * - /f/download?task_uid=…              the firmware image the task assessed
 * - /f/source_file_download?task_uid=…  the same uploaded source file, under the name the spec gives it
 *
 * /f/unpack_file_download (single files of the unpacked tree) is not offered yet: its
 * contents are to be re-carved from the stored image by the engine in a worker (see
 * packages/engines/firmware/README.md), never by parsing the image in the portal process.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import type { Access } from '../access.ts';
import { identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { str } from '../schemas.ts';
import { sendSample } from './send-object.ts';
import { uploaderOf } from './upload-support.ts';

const FIRMWARE_DOWNLOAD: Access = { resource: 'FirmwareEvaluation', operation: 'download' };

export async function firmwareRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const sendImage = async (req: FastifyRequest<{ Querystring: { task_uid: string } }>, reply: FastifyReply): Promise<FastifyReply> => {
    const task = await services.tasks.viewable(identityOf(req), req.query.task_uid);
    if (task.platform !== 'firmware' || task.sample_id === null) fail('file_not_found');
    const sample = await services.samples.forDownload(uploaderOf(req), { id: task.sample_id });
    return sendSample(req, reply, services.samples.storage, sample);
  };
  const schema = (summary: string) => ({ tags: ['firmware'], summary, querystring: { type: 'object', required: ['task_uid'], properties: { task_uid: str(64) } } });
  app.get<{ Querystring: { task_uid: string } }>('/f/download', { config: { access: FIRMWARE_DOWNLOAD }, schema: schema('The firmware image of a firmware task (Range supported)') }, sendImage);
  app.get<{ Querystring: { task_uid: string } }>('/f/source_file_download', { config: { access: FIRMWARE_DOWNLOAD }, schema: schema('The uploaded source file of a firmware task (Range supported)') }, sendImage);
}
