/** 新建软件成分测评: the project archive to assess (the upload widget of the source kind: ZIP or tar.gz) and submit. */
import type { RouteNode } from '@citadel/contracts';
import { SingleUploadCreatePage } from '../evaluation/SingleUploadCreatePage.tsx';
import './texts.ts';

export function ScaCreatePage({ node }: { node: RouteNode }) {
  return <SingleUploadCreatePage node={node} platform="sca" uploadKind="source" targetLabel="sca.target" targetHint="sca.targetHint" listPath="/special/component" />;
}
