/**
 * Getting untrusted files in: the chunked upload protocol of SPEC §7 (resumable,
 * any chunk order, state in the database, chunks written straight to their
 * place in one file on disk), single-request multipart uploads, validation by
 * accept list, size and content (magic bytes). Finished files become samples.
 */
export { ChunkedUploads, MAX_CHUNK_SIZE, MIN_CHUNK_SIZE, type PartInput } from './chunked-uploads.ts';
export { receiveSingleFile } from './single-upload.ts';
export { TemplatedError, fillMessage, safeFileName, checkUploadTarget, isUploadKind } from './upload-rules.ts';
export { contentMatchesExtension } from './content-check.ts';
