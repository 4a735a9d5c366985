/**
 * Re-packs an APK with the strategy's static protections: the manifest's
 * security flags, DEX debug information stripped, native libraries stripped,
 * the old signature files dropped (the output is signed afresh). Unchanged
 * entries keep their compression (their deflated bytes are copied after the
 * entry was read and its CRC checked); stored entries stay stored and are
 * aligned. Ambiguous archives (duplicate or mismatched names, unsafe paths)
 * are refused: a rebuilt package must mean one thing to every reader.
 */
import { ZipArchive } from '@citadel/engine-core';
import { androidAttribute, parseAxml, readManifestInfo, valueAsBoolean } from '@citadel/engine-android';
import { type AppliedProtection, ShieldError, type StrategyValues } from '@citadel/shield-core';
import { stripDexDebugInfo } from '../dex/strip-debug.ts';
import { type StringEncryption, encryptStrings, stringKey } from '../dex/strings.ts';
import { type BoolEdit, type EditOutcome, editManifestBooleans, setApplicationClass } from '../manifest/axml-patch.ts';
import { type ShellBuild, buildShell } from '../shell/build.ts';
import { ATTR_APP_COMPONENT_FACTORY, PAYLOAD_ENTRY, STUB_CLASS } from '../shell/config.ts';
import { stripElf } from '../so/elf-strip.ts';
import { fail, t } from '../text.ts';
import { AlignedZipWriter } from '../zip/aligned-writer.ts';

const ATTR = { debuggable: 0x0101000f, exported: 0x01010010, allowBackup: 0x01010280, usesCleartextTraffic: 0x010104ec };
const SIGNATURE_FILE = /^META-INF\/([^/]+\.(SF|RSA|DSA|EC)|MANIFEST\.MF)$/i;
const REFUSED_ANOMALIES = new Set(['duplicate-name', 'name-mismatch', 'unsafe-name', 'method-mismatch', 'unknown-method']);

export interface RebuildResult {
  applied: AppliedProtection[];
  manifestOutcomes: EditOutcome[];
  /** entries whose content changed, by kind */
  dexChanged: string[];
  soChanged: { name: string; before: Buffer; after: Buffer; loadEnd: number }[];
  removedSignatureFiles: string[];
  keptEntries: string[];
  /** DEX files whose selected classes had their strings encrypted */
  strings: ({ name: string } & StringEncryption)[];
  /** the DEX shell, when the strategy asked for it */
  shell?: ShellBuild & { originalApp: string; removedFactory: boolean };
}

/** Besides the strategy: a scratch folder (string encryption, the shell) and, for the DEX shell, the signer's certificate digest (recorded in the stub). */
export interface ShellInput {
  signer?: { sha256: Buffer; der: Buffer };
  workDir: string;
}

export async function rebuildApk(inputPath: string, outPath: string, s: StrategyValues, signal?: AbortSignal, shellInput?: ShellInput): Promise<RebuildResult> {
  const zip = await ZipArchive.open(inputPath).catch((e: Error) => fail('SHIELD_BAD_INPUT', '文件不是有效的 APK（ZIP 结构无法读取）', 'The file is not a valid APK (its ZIP structure cannot be read)', e.message));
  let out: AlignedZipWriter | undefined;
  try {
    const bad = zip.anomalies.find((a) => REFUSED_ANOMALIES.has(a.kind));
    if (bad) fail('SHIELD_AMBIGUOUS_APK', 'APK 的 ZIP 结构存在歧义（重复或不一致的条目），拒绝重新打包', 'The APK has an ambiguous ZIP structure (duplicate or inconsistent entries); it is not re-packed', bad.detail);
    if (!zip.getEntry('AndroidManifest.xml')) fail('SHIELD_NOT_APK', '文件中没有 AndroidManifest.xml，不是 APK（AAB 与拆分包请先转换为 APK）', 'There is no AndroidManifest.xml: not an APK (convert an AAB or split set to an APK first)');
    const exclude = new Set((s.exclude as string[] | undefined) ?? []);
    out = new AlignedZipWriter(outPath);
    const res: RebuildResult = { applied: [], manifestOutcomes: [], dexChanged: [], soChanged: [], removedSignatureFiles: [], keptEntries: [], strings: [] };
    let dexStats = { classes: 0, codeItems: 0, debugRefs: 0, sourceFiles: 0 };
    let soRemoved = 0;
    const shellOn = s.dexShell === true;
    if (shellOn && !shellInput?.signer) throw new Error('the DEX shell needs the signer certificate');
    const strPatterns = (s.encryptStringsIn as string[] | undefined) ?? [];
    if (strPatterns.length > 0 && !shellInput) throw new Error('string encryption needs a scratch folder');
    const strKey = stringKey();
    if (shellOn && zip.getEntry(PAYLOAD_ENTRY)) fail('SHIELD_ALREADY_SHELLED', '该 APK 已含有 Citadel 加固壳，请使用未加固的原始 APK', 'The APK already carries the Citadel shell: use the original, unprotected APK');
    const shellDex: { name: string; bytes: Buffer }[] = [];
    let originalApp = '';
    let removedFactory = false;
    for (const e of zip.entries) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      if (e.isDirectory) continue;
      if (e.isSymlink) fail('SHIELD_AMBIGUOUS_APK', 'APK 中含有符号链接条目，拒绝重新打包', 'The APK holds a symbolic link entry; it is not re-packed', e.name);
      if (SIGNATURE_FILE.test(e.name)) {
        res.removedSignatureFiles.push(e.name);
        continue;
      }
      const data = await zip.read(e).catch((err: Error) => fail('SHIELD_BAD_INPUT', `无法读取 ${e.name}：条目损坏或超出解压限制`, `${e.name} cannot be read: the entry is damaged or over the unpacking limits`, err.message));
      const stored = e.method === 0;
      let changed: Buffer | undefined;
      if (e.name === 'AndroidManifest.xml') {
        refuseSplit(data);
        const edits = manifestEdits(data, s);
        try {
          if (edits.length > 0) {
            const r = editManifestBooleans(data, edits);
            changed = r.bytes;
            res.manifestOutcomes = r.outcomes;
          }
          if (shellOn) {
            // The stub becomes the Application; the original one is started by the stub.
            const pkg = readManifestInfo(parseAxml(data)).packageName;
            const r = setApplicationClass(changed ?? data, STUB_CLASS, [ATTR_APP_COMPONENT_FACTORY]);
            changed = r.bytes;
            originalApp = r.before ? (r.before.startsWith('.') ? pkg + r.before : r.before.includes('.') ? r.before : `${pkg}.${r.before}`) : '';
            removedFactory = r.removed.length > 0;
          }
        } catch (err) {
          if (err instanceof ShieldError) throw err;
          fail('SHIELD_MANIFEST_UNSUPPORTED', 'AndroidManifest.xml 不是标准的二进制 XML，无法安全修改', 'AndroidManifest.xml is not standard binary XML and cannot be edited safely', (err as Error).message);
        }
      } else if (/^classes\d*\.dex$/.test(e.name) && (s.stripDexDebug === true || strPatterns.length > 0) && !exclude.has(e.name)) {
        if (strPatterns.length > 0 && shellInput) {
          const r = await encryptStrings(data, e.name, strPatterns, strKey, shellInput.workDir, signal);
          if (r) {
            changed = r.bytes;
            res.strings.push({ name: e.name, ...r });
          }
        }
        if (s.stripDexDebug === true) {
          try {
            const r = stripDexDebugInfo(changed ?? data);
            changed = r.bytes;
            res.dexChanged.push(e.name);
            dexStats = { classes: dexStats.classes + data.readUInt32LE(0x60), codeItems: dexStats.codeItems + r.codeItems, debugRefs: dexStats.debugRefs + r.debugRefsCleared, sourceFiles: dexStats.sourceFiles + r.sourceFilesCleared };
          } catch (err) {
            fail('SHIELD_DEX_UNSUPPORTED', `无法处理 ${e.name}：DEX 文件损坏或格式不受支持`, `${e.name} cannot be processed: the DEX file is damaged or of an unsupported format`, (err as Error).message);
          }
        }
      } else if (/^lib\/[^/]+\/[^/]+\.so$/.test(e.name) && s.stripSo === true && !exclude.has(e.name) && data.length >= 4 && data.readUInt32BE(0) === 0x7f454c46) {
        try {
          const r = stripElf(data);
          if (r.removed.length > 0) {
            changed = r.bytes;
            res.soChanged.push({ name: e.name, before: data, after: r.bytes, loadEnd: r.loadEnd });
            soRemoved += r.removed.length;
          }
        } catch (err) {
          fail('SHIELD_ELF_UNSUPPORTED', `无法处理 ${e.name}：ELF 文件损坏或格式不受支持`, `${e.name} cannot be processed: the ELF file is damaged or of an unsupported format`, (err as Error).message);
        }
      }
      if (shellOn && /^classes\d*\.dex$/.test(e.name)) {
        // Sealed into the payload at the end; the stub takes the name classes.dex.
        shellDex.push({ name: e.name, bytes: changed ?? data });
        continue;
      }
      res.keptEntries.push(e.name);
      if (changed) out.add({ name: e.name, data: changed, stored });
      else out.add({ name: e.name, data, stored, ...(stored ? {} : { deflated: await zip.readAt(e.dataOffset, e.compressedSize) }) });
    }
    if (res.strings.length > 0) {
      const n = res.strings.reduce((a, x) => a + x.pairs.length, 0);
      res.applied.push({ id: 'dex.strings', title: t('指定类中的字符串加密', 'Strings encrypted in the selected classes', '指定類別中的字串加密', '指定クラスの文字列を暗号化'), detail: `${res.strings.map((x) => x.name).join(', ')}: ${res.strings.reduce((a, x) => a + x.classes.length, 0)} classes, ${n} strings` });
    }
    if (shellOn && shellInput?.signer) {
      const b = await buildShell({ dex: shellDex, app: originalApp, signer: shellInput.signer, strategy: s, workDir: shellInput.workDir, ...(signal ? { signal } : {}) });
      out.add({ name: 'classes.dex', data: b.stub, stored: false });
      // Stored: encrypted bytes do not compress, and the stub reads the asset whole.
      out.add({ name: PAYLOAD_ENTRY, data: b.payload, stored: true });
      res.shell = { ...b, originalApp, removedFactory };
      const c = b.config;
      res.applied.push({
        id: 'dex.shell',
        title: t('DEX 加密壳（AES 加密全部 DEX，启动时由壳解密加载）', 'DEX shell (every DEX AES-encrypted, decrypted and loaded by the shell at start)', 'DEX 加密殼（AES 加密全部 DEX，啟動時由殼解密載入）', 'DEX シェル（全 DEX を AES 暗号化し、起動時にシェルが復号・ロード）'),
        detail: `${b.dexNames.join(', ')} → ${PAYLOAD_ENTRY} (${b.payload.length} bytes, ${b.classCount} classes); Application ${originalApp || '(none)'} → ${STUB_CLASS}${removedFactory ? '; android:appComponentFactory removed' : ''}`,
      });
      const checks = [['tamper', c.tamper], ['debug', c.debug], ['root', c.root], ['emulator', c.emulator], ['hook', c.hook]].filter(([, r]) => r !== 'off');
      if (checks.length > 0) {
        res.applied.push({ id: 'shell.checks', title: t('运行时检测（防篡改、反调试、Root、模拟器、Hook 框架）', 'Run-time checks (anti-tamper, anti-debug, root, emulator, hook frameworks)', '執行時偵測（防竄改、反除錯、Root、模擬器、Hook 框架）', '実行時チェック（改ざん、デバッグ、root、エミュレーター、フックフレームワーク）'), detail: checks.map(([k, r]) => `${k}=${r}`).join(', ') });
      }
    }
    out.finish();
    for (const o of res.manifestOutcomes) {
      if (o.before === 'absent') continue;
      res.applied.push({ id: `manifest.${o.attr}${o.target === 'application' ? '' : `:${o.target}`}`, title: MANIFEST_TITLES[o.attr] ?? t(o.attr, o.attr), detail: `${o.target}: ${o.before ?? '(default)'} → ${o.after}` });
    }
    if (res.dexChanged.length > 0) {
      res.applied.push({ id: 'dex.strip-debug', title: t('移除 DEX 调试信息', 'DEX debug information removed', '移除 DEX 除錯資訊', 'DEX デバッグ情報を削除'), detail: `${res.dexChanged.join(', ')}: ${dexStats.codeItems} methods, ${dexStats.debugRefs} debug tables, ${dexStats.sourceFiles} source file names` });
    }
    if (res.soChanged.length > 0) {
      res.applied.push({ id: 'so.strip', title: t('剥离 SO 符号表与调试节', 'SO symbol tables and debug sections stripped', '剝離 SO 符號表與除錯區段', 'SO のシンボルテーブルとデバッグセクションを削除'), detail: `${res.soChanged.length} libraries, ${soRemoved} sections` });
    }
    if (res.removedSignatureFiles.length > 0) {
      res.applied.push({ id: 'signature.replaced', title: t('移除原签名并重新签名', 'Old signature removed and signed again', '移除原簽章並重新簽章', '旧署名を削除して再署名'), detail: `${res.removedSignatureFiles.length} files` });
    }
    return res;
  } finally {
    out?.close();
    await zip.close();
  }
}

const MANIFEST_TITLES: Record<string, ReturnType<typeof t>> = {
  debuggable: t('关闭调试标志', 'Debug flag turned off', '關閉除錯標誌', 'デバッグフラグを無効化'),
  allowBackup: t('禁止数据备份', 'Data backup forbidden', '禁止資料備份', 'データバックアップを禁止'),
  usesCleartextTraffic: t('禁止明文流量', 'Cleartext traffic forbidden', '禁止明文流量', '平文通信を禁止'),
  exported: t('取消组件导出', 'Component no longer exported', '取消元件匯出', 'コンポーネントのエクスポートを停止'),
};

/**
 * One APK of a split set (a config or feature split, or a base that requires
 * its splits) cannot be hardened alone: re-signing it apart from its
 * siblings breaks the set, and the shell would miss the code in the others.
 */
function refuseSplit(manifest: Buffer): void {
  let why: string | undefined;
  try {
    const root = parseAxml(manifest).root;
    const app = root.children.find((c) => c.name === 'application');
    if (root.attributes.some((a) => a.name === 'split' && !a.namespaceUri)) why = 'split attribute on <manifest>';
    else if (androidAttribute(root, 'requiredSplitTypes') || (app && valueAsBoolean(androidAttribute(app, 'isSplitRequired')?.value) === true)) why = 'the base APK requires its splits';
  } catch {
    return; // the manifest editor names an unreadable manifest
  }
  if (why) fail('SHIELD_SPLIT_APK', '这是拆分 APK 组中的一个文件，不能单独加固：请先用 bundletool 等工具合并为通用 APK（universal APK）再上传', 'This APK is one part of a split set and cannot be hardened alone: merge the set into a universal APK first (e.g. bundletool build-apks --mode=universal) and upload that', why);
}

function manifestEdits(manifest: Buffer, s: StrategyValues): BoolEdit[] {
  const edits: BoolEdit[] = [];
  if (s.debuggableOff === true) edits.push({ target: 'application', attr: 'debuggable', resId: ATTR.debuggable, value: false, onlyIfPresent: true });
  if (s.allowBackupOff === true) edits.push({ target: 'application', attr: 'allowBackup', resId: ATTR.allowBackup, value: false });
  if (s.cleartextOff === true) edits.push({ target: 'application', attr: 'usesCleartextTraffic', resId: ATTR.usesCleartextTraffic, value: false });
  const unexport = (s.unexport as string[] | undefined) ?? [];
  if (unexport.length > 0) {
    // The launcher entry must stay reachable: never unexport it, whatever the strategy says.
    let launchers: string[] = [];
    try {
      const info = readManifestInfo(parseAxml(manifest));
      launchers = info.components.filter((c) => c.isLauncher).map((c) => c.name);
    } catch {
      /* the editor reports an unreadable manifest */
    }
    for (const c of unexport) if (!launchers.includes(c)) edits.push({ target: c, attr: 'exported', resId: ATTR.exported, value: false });
  }
  return edits;
}
