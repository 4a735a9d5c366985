/**
 * Package anomalies as a finding, and the target fields of the result page
 * and reports: app id, name, version, packages with sizes and hashes, page
 * and sub-package counts, plugins and privacy declarations.
 */
import type { MiniProject } from '../project/model.ts';
import type { CheckContext } from './context.ts';

const UNSAFE = /unsafe name|zip slip|escape|absolute|drive letter|NUL|control char|link to|overlap/i;

export async function infoChecks(c: CheckContext): Promise<void> {
  await c.run(['info.package_anomalies'], () => {
    for (const a of c.project.anomalies.slice(0, 500)) {
      if (UNSAFE.test(a.detail)) c.fail('info.package_anomalies', { file: a.file, detail: a.detail });
      else c.problem('info.package_anomalies', { file: a.file, detail: a.detail });
    }
  });
}

export function appTarget(p: MiniProject, appIdsInCode: ReadonlySet<string>): Record<string, unknown> {
  const cfg = p.appConfig;
  const main = p.packages[0];
  const project = p.projectConfig ?? {};
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : undefined);
  const scripts = p.files.filter((f) => f.role === 'script');
  const total = p.packages.reduce((n, x) => n + x.size, 0);
  return {
    kind: p.platform === 'miniprogram' ? 'wechat' : 'alipay',
    fileName: main?.fileName,
    appId: p.appId,
    appName: str(project.projectname) ?? str(project.name) ?? (cfg && 'defaultTitle' in cfg ? str(cfg.defaultTitle) : undefined),
    version: str(project.version) ?? str(project.libVersion),
    size: total,
    md5: main?.md5,
    sha1: main?.sha1,
    sha256: main?.sha256,
    packages: p.packages.map((x) => ({ fileName: x.fileName, format: x.format, role: x.role, size: x.size, md5: x.md5, sha1: x.sha1, sha256: x.sha256, entries: x.entryCount })),
    pageCount: cfg ? cfg.pages.length + cfg.subPackages.reduce((n, s) => n + s.pages.length, 0) : undefined,
    pages: cfg?.pages.slice(0, 200),
    entryPagePath: cfg?.entryPagePath,
    subPackageCount: cfg?.subPackages.length ?? Math.max(0, p.packages.length - 1),
    subPackages: cfg?.subPackages.slice(0, 100).map((s) => ({ root: s.root, ...(s.name ? { name: s.name } : {}), pages: s.pages.length, ...(s.independent ? { independent: true } : {}) })),
    plugins: cfg?.plugins.map((x) => ({ alias: x.alias, provider: x.provider, version: x.version })),
    requiredPrivateInfos: cfg?.requiredPrivateInfos,
    permissions: cfg ? Object.keys(cfg.permission) : undefined,
    appIdsInCode: [...appIdsInCode].slice(0, 20),
    fileCount: p.files.length,
    scriptCount: scripts.length,
    modulesFromBundles: scripts.filter((f) => f.bundle !== undefined).length,
  };
}
