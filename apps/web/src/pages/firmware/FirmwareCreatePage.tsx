/** 新建固件测评: upload the image (firmware upload kind) and submit a firmware task. */
import type { RouteNode } from '@citadel/contracts';
import { SingleUploadCreatePage } from '../evaluation/SingleUploadCreatePage.tsx';
import { FIRMWARE_PATHS } from './paths.ts';
import './texts.ts';

export function FirmwareCreatePage({ node }: { node: RouteNode }) {
  return <SingleUploadCreatePage node={node} platform="firmware" uploadKind="firmware" targetLabel="firmware.target" targetHint="firmware.targetHint" listPath={FIRMWARE_PATHS.list} />;
}
