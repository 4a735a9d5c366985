/**
 * The "add strategy" form of APK hardening, as data: the protections this
 * service applies and verifies here, their options, exclusions and signing.
 * Protections that need code running on a device to be proven (DEX
 * encryption with a loader shell, anti-debug, anti-hook, root/emulator
 * detection, resource encryption) are not offered: see UNVERIFIED below.
 */
import type { DefaultStrategy, LocalizedText, StrategySchema } from '@citadel/shield-core';
import { t } from '../text.ts';

export const APP_SCHEMA: StrategySchema = {
  groups: [
    { key: 'manifest', title: t('清单加固', 'Manifest hardening', '清單加固', 'マニフェスト強化') },
    { key: 'code', title: t('代码与原生库', 'Code and native libraries', '程式碼與原生程式庫', 'コードとネイティブライブラリ') },
    { key: 'signing', title: t('签名', 'Signing', '簽章', '署名') },
  ],
  options: [
    { key: 'debuggableOff', kind: 'boolean', group: 'manifest', default: true, title: t('关闭调试标志（android:debuggable=false）', 'Turn the debug flag off (android:debuggable=false)', '關閉除錯標誌（android:debuggable=false）', 'デバッグフラグを無効化（android:debuggable=false）') },
    { key: 'allowBackupOff', kind: 'boolean', group: 'manifest', default: true, title: t('禁止数据备份（android:allowBackup=false）', 'Forbid data backup (android:allowBackup=false)', '禁止資料備份（android:allowBackup=false）', 'データバックアップを禁止（android:allowBackup=false）') },
    { key: 'cleartextOff', kind: 'boolean', group: 'manifest', default: true, title: t('禁止明文流量（android:usesCleartextTraffic=false）', 'Forbid cleartext traffic (android:usesCleartextTraffic=false)', '禁止明文流量（android:usesCleartextTraffic=false）', '平文通信を禁止（android:usesCleartextTraffic=false）') },
    {
      key: 'unexport',
      kind: 'list',
      group: 'manifest',
      default: [],
      maxItems: 200,
      maxLength: 200,
      pattern: '^[A-Za-z_$.][A-Za-z0-9_$.]*$',
      title: t('取消导出的组件（类名，每行一个）', 'Components to stop exporting (class names, one a line)', '取消匯出的元件（類別名稱，每行一個）', 'エクスポートを止めるコンポーネント（クラス名、1 行に 1 つ）'),
      help: t('设置 android:exported=false；启动器入口不会被修改。', 'Sets android:exported=false; the launcher activity is never changed.', '設定 android:exported=false；啟動器入口不會被修改。', 'android:exported=false を設定します。ランチャーアクティビティは変更しません。'),
    },
    { key: 'stripDexDebug', kind: 'boolean', group: 'code', default: true, title: t('移除 DEX 调试信息（行号、局部变量名、源文件名）', 'Strip DEX debug information (line numbers, local variable names, source file names)', '移除 DEX 除錯資訊（行號、區域變數名稱、原始檔名稱）', 'DEX のデバッグ情報を削除（行番号、ローカル変数名、ソースファイル名）') },
    { key: 'stripSo', kind: 'boolean', group: 'code', default: true, title: t('剥离 SO 库符号表与调试节', 'Strip symbol tables and debug sections of SO libraries', '剝離 SO 程式庫符號表與除錯區段', 'SO ライブラリのシンボルテーブルとデバッグセクションを削除') },
    {
      key: 'exclude',
      kind: 'list',
      group: 'code',
      default: [],
      maxItems: 200,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_./-]+$',
      title: t('不处理的文件（如 classes2.dex、lib/arm64-v8a/libfoo.so）', 'Files not to touch (e.g. classes2.dex, lib/arm64-v8a/libfoo.so)', '不處理的檔案（如 classes2.dex、lib/arm64-v8a/libfoo.so）', '処理しないファイル（例：classes2.dex、lib/arm64-v8a/libfoo.so）'),
    },
    {
      key: 'signWith',
      kind: 'enum',
      group: 'signing',
      default: 'customer',
      title: t('签名密钥', 'Signing key', '簽章金鑰', '署名鍵'),
      choices: [
        { value: 'customer', title: t('上传的密钥库', 'The uploaded keystore', '上傳的金鑰庫', 'アップロードしたキーストア') },
        { value: 'oneOff', title: t('一次性密钥（仅供测试，发布前须重新签名）', 'A one-off key (for testing; re-sign before release)', '一次性金鑰（僅供測試，發布前須重新簽章）', '使い捨ての鍵（テスト用、リリース前に再署名が必要）') },
      ],
    },
  ],
};

export const APP_DEFAULTS: DefaultStrategy[] = [
  {
    id: 'app.standard',
    name: t('标准加固', 'Standard hardening', '標準加固', '標準強化'),
    description: t('清单加固、移除 DEX 调试信息、剥离 SO 符号，使用上传的密钥库签名。', 'Manifest hardening, DEX debug information removed, SO symbols stripped, signed with the uploaded keystore.', '清單加固、移除 DEX 除錯資訊、剝離 SO 符號，使用上傳的金鑰庫簽章。', 'マニフェスト強化、DEX デバッグ情報の削除、SO シンボルの削除、アップロードしたキーストアで署名。'),
    values: {},
  },
  {
    id: 'app.manifest-only',
    name: t('仅清单加固', 'Manifest only', '僅清單加固', 'マニフェストのみ'),
    description: t('只修改清单中的安全标志，代码与原生库保持原样。', 'Only the security flags of the manifest change; code and native libraries stay as they are.', '只修改清單中的安全標誌，程式碼與原生程式庫保持原樣。', 'マニフェストのセキュリティフラグのみ変更し、コードとネイティブライブラリはそのままです。'),
    values: { stripDexDebug: false, stripSo: false },
  },
];

/** Shown in every APK result: what a commercial shield does that cannot be proven without a device, and is not done here. */
export const APP_UNVERIFIED: LocalizedText[] = [
  t('未在真机或模拟器上做启动测试：本机没有 Android 设备，加固包的启动与运行需另行验证。', 'No launch test on a device or emulator: there is no Android device here, so start-up and running of the hardened build must be checked separately.', '未在實機或模擬器上做啟動測試：本機沒有 Android 裝置，加固套件的啟動與執行需另行驗證。', '実機やエミュレーターでの起動テストは行っていません。ここには Android 端末がないため、起動と動作は別途確認が必要です。'),
  t('未提供 DEX 加密壳、反调试、反 Hook、Root/模拟器检测与资源加密：这些保护在运行时生效，无法在此验证，因此不作为已完成的保护交付。', 'DEX encryption with a loader shell, anti-debug, anti-hook, root/emulator detection and resource encryption are not offered: they act at run time and cannot be verified here, so they are not delivered as done.', '未提供 DEX 加密殼、反除錯、反 Hook、Root/模擬器偵測與資源加密：這些保護在執行時生效，無法在此驗證，因此不作為已完成的保護交付。', 'DEX 暗号化シェル、アンチデバッグ、アンチフック、root/エミュレーター検知、リソース暗号化は提供していません。実行時に働く保護でここでは検証できないため、完了した保護としては提供しません。'),
];
