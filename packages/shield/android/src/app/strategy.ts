/**
 * The "add strategy" form of APK hardening, as data: the protections this
 * service applies and verifies here, their options, exclusions and signing.
 * The DEX shell and its run-time checks are offered with what can be proven
 * here (stub DEX assembled and dumped, payload decrypted by the stub's own
 * routine on a JVM, digests recorded); their launch on a device is not, and
 * every result says so (UNVERIFIED below). String encryption rewrites the
 * chosen classes; resource encryption is not offered.
 */
import type { DefaultStrategy, LocalizedText, StrategySchema } from '@citadel/shield-core';
import { t } from '../text.ts';

const RESPONSE_CHOICES = [
  { value: 'off', title: t('关闭', 'Off', '關閉', 'オフ') },
  { value: 'report', title: t('仅记录（logcat 警告）', 'Report only (logcat warning)', '僅記錄（logcat 警告）', '記録のみ（logcat 警告）') },
  { value: 'exit', title: t('结束进程', 'Exit the process', '結束行程', 'プロセスを終了') },
];
const needsShell = t('仅在启用 DEX 加密壳时生效。', 'Takes effect only with the DEX shell.', '僅在啟用 DEX 加密殼時生效。', 'DEX シェル有効時のみ働きます。');
const response = (key: string, dflt: string, title: ReturnType<typeof t>) => ({ key, kind: 'enum' as const, group: 'shell', default: dflt, title, help: needsShell, choices: RESPONSE_CHOICES });

export const APP_SCHEMA: StrategySchema = {
  groups: [
    { key: 'manifest', title: t('清单加固', 'Manifest hardening', '清單加固', 'マニフェスト強化') },
    { key: 'code', title: t('代码与原生库', 'Code and native libraries', '程式碼與原生程式庫', 'コードとネイティブライブラリ') },
    { key: 'shell', title: t('DEX 加密壳与运行时检测', 'DEX shell and run-time checks', 'DEX 加密殼與執行時偵測', 'DEX シェルと実行時チェック') },
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
      key: 'encryptStringsIn',
      kind: 'list',
      group: 'code',
      default: [],
      maxItems: 200,
      maxLength: 200,
      pattern: '^[A-Za-z_$][A-Za-z0-9_$]*(?:\\.[A-Za-z_$][A-Za-z0-9_$]*)*(?:\\.\\*)?$',
      title: t('加密字符串的类（类名或“包名.*”，每行一个）', 'Classes whose strings are encrypted (class name or "package.*", one a line)', '加密字串的類別（類別名稱或「套件名稱.*」，每行一個）', '文字列を暗号化するクラス（クラス名または「パッケージ.*」、1 行に 1 つ）'),
      help: t('代码中的字符串常量改为密文并在使用时解密；静态字段的初始值不变。需重新汇编整个 DEX，大型应用耗时较长。', 'String constants in the code become ciphertext decrypted where used; static field initial values stay. The whole DEX is assembled again, which takes a while for large apps.', '程式碼中的字串常數改為密文並在使用時解密；靜態欄位的初始值不變。需重新組譯整個 DEX，大型應用程式耗時較長。', 'コード中の文字列定数を暗号文にし、使用時に復号します。静的フィールドの初期値は変わりません。DEX 全体を再アセンブルするため、大きなアプリでは時間がかかります。'),
    },
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
      key: 'dexShell',
      kind: 'boolean',
      group: 'shell',
      default: false,
      title: t('DEX 加密壳：全部 DEX 以 AES 加密存入资源，启动时由壳解密并加载，原 Application 随后恢复', 'DEX shell: every DEX AES-encrypted into an asset, decrypted and loaded by the shell at start, the original Application restored', 'DEX 加密殼：全部 DEX 以 AES 加密存入資源，啟動時由殼解密並載入，原 Application 隨後恢復', 'DEX シェル：全 DEX を AES で暗号化してアセットに格納し、起動時にシェルが復号・ロードし、元の Application を復元'),
      help: t('未在设备上做启动测试；Android 10 起在内存中加载，更早版本写入应用私有目录。', 'Not launch-tested on a device; loaded from memory on Android 10+, from the app\'s private folder below.', '未在裝置上做啟動測試；Android 10 起在記憶體中載入，更早版本寫入應用程式私有目錄。', 'デバイスでの起動テストは未実施。Android 10 以降はメモリから、それ以前はアプリの専用フォルダーからロードします。'),
    },
    response('tamperResponse', 'exit', t('防篡改（签名证书与加密载荷校验）', 'Anti-tamper (signing certificate and payload checksum)', '防竄改（簽章憑證與加密載荷校驗）', '改ざん検知（署名証明書とペイロードのチェックサム）')),
    response('debugResponse', 'report', t('反调试（调试器连接、TracerPid）', 'Anti-debug (debugger attached, TracerPid)', '反除錯（除錯器連線、TracerPid）', 'アンチデバッグ（デバッガー接続、TracerPid）')),
    response('rootResponse', 'off', t('Root 检测（su 文件、test-keys）', 'Root detection (su files, test-keys)', 'Root 偵測（su 檔案、test-keys）', 'root 検知（su ファイル、test-keys）')),
    response('emulatorResponse', 'off', t('模拟器检测（goldfish/ranchu、qemu 设备）', 'Emulator detection (goldfish/ranchu, qemu devices)', '模擬器偵測（goldfish/ranchu、qemu 裝置）', 'エミュレーター検知（goldfish/ranchu、qemu デバイス）')),
    response('hookResponse', 'report', t('Hook 框架检测（Frida、Xposed、Substrate）', 'Hook framework detection (Frida, Xposed, Substrate)', 'Hook 框架偵測（Frida、Xposed、Substrate）', 'フックフレームワーク検知（Frida、Xposed、Substrate）')),
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
  {
    id: 'app.shell',
    name: t('DEX 加密壳（未经设备启动测试）', 'DEX shell (not launch-tested on a device)', 'DEX 加密殼（未經裝置啟動測試）', 'DEX シェル（デバイスでの起動テスト未実施）'),
    description: t('标准加固之外，全部 DEX 加密并由壳加载；篡改时结束进程，调试与 Hook 框架仅记录。发布前请在设备上测试启动。', 'Standard hardening plus every DEX encrypted and loaded by the shell; exits on tampering, reports debuggers and hook frameworks. Test the launch on a device before release.', '標準加固之外，全部 DEX 加密並由殼載入；竄改時結束行程，除錯與 Hook 框架僅記錄。發布前請在裝置上測試啟動。', '標準強化に加え、全 DEX を暗号化してシェルがロード。改ざん時は終了、デバッガーとフックは記録のみ。リリース前にデバイスで起動を確認してください。'),
    values: { dexShell: true },
  },
];

/** Shown in every APK result: what cannot be proven without a device; the shell's limits when it was applied. */
const LAUNCH_UNTESTED = t('未在真机或模拟器上做启动测试：本机没有 Android 设备，加固包的启动与运行需另行验证。', 'No launch test on a device or emulator: there is no Android device here, so start-up and running of the hardened build must be checked separately.', '未在實機或模擬器上做啟動測試：本機沒有 Android 裝置，加固套件的啟動與執行需另行驗證。', '実機やエミュレーターでの起動テストは行っていません。ここには Android 端末がないため、起動と動作は別途確認が必要です。');
const SHELL_UNVERIFIED = t('DEX 加密壳的启动路径（解密、替换类加载器、恢复原 Application）与各项运行时检测只在本机验证了可验证的部分（壳 DEX 可解析、壳自身的解密例程在 JVM 上还原出原 DEX、摘要一致）；它们在设备上的行为（含非 SDK 接口的反射访问）未经测试。', 'Of the DEX shell\'s start-up path (decrypt, swap the class loader, restore the original Application) and its run-time checks, only what can be checked here was verified (the stub DEX parses, the stub\'s own decryptor run on a JVM gives back the original DEX, the digests match); their behaviour on a device (including reflective access to non-SDK fields) is untested.', 'DEX 加密殼的啟動路徑（解密、替換類別載入器、恢復原 Application）與各項執行時偵測只在本機驗證了可驗證的部分（殼 DEX 可解析、殼自身的解密常式在 JVM 上還原出原 DEX、摘要一致）；它們在裝置上的行為（含非 SDK 介面的反射存取）未經測試。', 'DEX シェルの起動経路（復号、クラスローダー差し替え、元の Application の復元）と実行時チェックは、ここで確認できる部分（スタブ DEX の解析、スタブ自身の復号ルーチンを JVM で実行して元の DEX を復元、ダイジェストの一致）のみ検証済みで、デバイス上の動作（非 SDK フィールドへのリフレクション含む）は未テストです。');
const KEY_IN_APP = t('壳的密钥保存在壳内：加密使静态分析读不到代码，但不能抵御在设备上动态调试的攻击者；API 29 以下解密后的 DEX 会写入应用私有目录。字符串加密的密钥同样随应用发布，静态字段初始值不加密；未提供资源加密。', 'The shell\'s key travels in the stub: encryption keeps the code from static readers, not from an attacker debugging the app on a device; below API 29 the decrypted DEX files are written to the app\'s private folder. String encryption\'s key ships with the app too, and static field initial values stay plain; resource encryption is not offered.', '殼的金鑰保存在殼內：加密使靜態分析讀不到程式碼，但不能抵禦在裝置上動態除錯的攻擊者；API 29 以下解密後的 DEX 會寫入應用程式私有目錄。字串加密的金鑰同樣隨應用程式發布，靜態欄位初始值不加密；未提供資源加密。', 'シェルの鍵はスタブ内にあります。暗号化は静的解析からコードを隠しますが、デバイス上でデバッグする攻撃者は防げません。API 29 未満では復号した DEX がアプリ専用フォルダーに書かれます。文字列暗号化の鍵もアプリに含まれ、静的フィールドの初期値は暗号化しません。リソース暗号化は提供していません。');

export function appUnverified(shell: boolean, strings: boolean): LocalizedText[] {
  return [LAUNCH_UNTESTED, ...(shell ? [SHELL_UNVERIFIED] : []), ...(shell || strings ? [KEY_IN_APP] : [])];
}
