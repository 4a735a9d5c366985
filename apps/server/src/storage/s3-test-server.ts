/**
 * A real S3-compatible server for tests (s3rver, an npm package), on a free
 * loopback port with its files in a temp folder. Not a mock of the SDK: the S3
 * storage talks HTTP with signatures, multipart uploads and ranges to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no type declarations; the shape used here is declared below.
// @ts-expect-error -- untyped module
import S3rverModule from 's3rver';
import type { S3Settings } from './s3-storage.ts';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: object) => S3rverInstance;

export interface S3TestServer {
  settings: S3Settings;
  stop(): Promise<void>;
}

export async function startS3TestServer(bucket = 'citadel-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'citadel-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    // s3rver accepts its documented fixed credentials.
    settings: { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER', forcePathStyle: true },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
