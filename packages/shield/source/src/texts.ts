/** Texts of the source protector: applied protections, verification checks and errors, in the four report languages. */
const L = (zh: string, en: string, tw: string, ja: string) => ({ 'zh-CN': zh, en, 'zh-TW': tw, ja });

export const APPLIED = {
  compile: L('TypeScript 编译（项目 tsconfig）', 'TypeScript compiled (the project\'s tsconfig)', 'TypeScript 編譯（專案 tsconfig）', 'TypeScript のコンパイル（プロジェクトの tsconfig）'),
  obfuscate: L('脚本混淆（Node.js）', 'Script obfuscation (Node.js)', '指令碼混淆（Node.js）', 'スクリプト難読化（Node.js）'),
  renameGlobals: L('顶层标识符重命名', 'Top-level identifier renaming', '頂層識別符重新命名', 'トップレベル識別子の名前変更'),
  stringArray: L('字符串数组', 'String array', '字串陣列', '文字列配列'),
  controlFlowFlattening: L('控制流平坦化', 'Control-flow flattening', '控制流平坦化', '制御フロー平坦化'),
  deadCodeInjection: L('垃圾代码注入', 'Dead-code injection', '無用程式碼注入', 'デッドコード挿入'),
  numbersToExpressions: L('数字转表达式', 'Numbers to expressions', '數字轉運算式', '数値の式変換'),
  splitStrings: L('字符串拆分', 'Split strings', '字串拆分', '文字列分割'),
  selfDefending: L('自我防御', 'Self-defending', '自我防禦', '自己防御'),
  expiresAt: L('有效期锁定', 'Expiry lock', '有效期鎖定', '有効期限ロック'),
  typeScriptRemoved: L('移除已编译的 TypeScript 源文件', 'Compiled TypeScript sources removed', '移除已編譯的 TypeScript 原始檔', 'コンパイル済み TypeScript ソースを削除'),
  sourceMaps: L('移除 Source Map', 'Source maps removed', '移除 Source Map', 'ソースマップ削除'),
  leftAlone: L('保持不变：node_modules、原生插件（.node）与排除的文件', 'Left alone: node_modules, native addons (.node) and excluded files', '保持不變：node_modules、原生外掛（.node）與排除的檔案', '変更なし：node_modules、ネイティブアドオン（.node）、除外ファイル'),
} as const;

export const CHECKS = {
  entry: L('入口可加载且导出与原始一致', 'Entry point loads with the same exports as the original', '入口可載入且匯出與原始一致', 'エントリポイントが読み込め、エクスポートが元と同一'),
  bin: L('命令行入口的退出码与输出与原始一致', 'Command-line entry: same exit code and output as the original', '命令列入口的結束碼與輸出與原始一致', 'コマンドラインのエントリ：終了コードと出力が元と同一'),
  tests: L('项目测试命令的结果与原始一致', 'The project\'s test command ends as it did on the original', '專案測試命令的結果與原始一致', 'プロジェクトのテストコマンドの結果が元と同一'),
  noSourceMaps: L('输出中不含 Source Map', 'No source maps in the output', '輸出中不含 Source Map', '出力にソースマップがない'),
  noTypeScript: L('输出中不含已编译的 TypeScript 源文件', 'No compiled TypeScript source in the output', '輸出中不含已編譯的 TypeScript 原始檔', '出力にコンパイル済み TypeScript ソースがない'),
  scriptsChanged: L('所有受保护脚本均已变换', 'Every protected script was transformed', '所有受保護指令碼均已變換', '保護対象のスクリプトはすべて変換済み'),
  expiry: L('有效期锁定生效（到期后入口不再加载）', 'Expiry lock effective (entry points stop loading after the date)', '有效期鎖定生效（到期後入口不再載入）', '有効期限ロックが有効（期限後はエントリが読み込めない）'),
} as const;

export const UNVERIFIED = {
  noTestCommand: L('未提供测试命令：仅验证了入口加载与导出', 'No test command given: only entry-point loading and exports were verified', '未提供測試命令：僅驗證了入口載入與匯出', 'テストコマンドの指定なし：エントリの読み込みとエクスポートのみ検証'),
  noEntries: L('package.json 未声明可加载的入口（main、exports、bin）', 'package.json declares no loadable entry point (main, exports, bin)', 'package.json 未宣告可載入的入口（main、exports、bin）', 'package.json に読み込めるエントリ（main、exports、bin）がない'),
  originalFails: L('原始项目的入口在此无法加载，无法比较', 'An entry point of the original does not load here and could not be compared', '原始專案的入口在此無法載入，無法比較', '元のプロジェクトのエントリがここで読み込めず、比較できない'),
  network: L('此机器无法隔离网络：子进程仅使用不含密钥的干净环境运行', 'This machine cannot isolate the network: child processes ran only with a clean environment without secrets', '此機器無法隔離網路：子行程僅使用不含金鑰的乾淨環境執行', 'このマシンではネットワークを隔離できない：子プロセスは秘密情報のないクリーンな環境でのみ実行'),
  patterns: L(
    'exports 中的通配符子路径匹配的文件超过 50 个，只加载了前 50 个',
    'A wildcard subpath in exports matches more than 50 files: only the first 50 were loaded',
    'exports 中的萬用字元子路徑符合的檔案超過 50 個，只載入了前 50 個',
    'exports のワイルドカードのサブパスに一致するファイルが 50 を超えるため、最初の 50 個のみ読み込んだ',
  ),
} as const;

export const ERRORS = {
  badInput: L('不支持的文件类型，请上传 JavaScript/TypeScript 项目的 zip 包', 'Unsupported file type: upload a zip of a JavaScript/TypeScript project', '不支援的檔案類型，請上傳 JavaScript/TypeScript 專案的 zip 套件', '未対応のファイル形式です。JavaScript/TypeScript プロジェクトの zip をアップロードしてください'),
  badZip: L('压缩包无法读取或超出限制', 'The zip cannot be read or exceeds the limits', '壓縮檔無法讀取或超出限制', 'zip を読み取れないか制限を超えています'),
  noPackageJson: L('项目根目录没有可读的 package.json', 'The project root holds no readable package.json', '專案根目錄沒有可讀的 package.json', 'プロジェクトのルートに読み取れる package.json がありません'),
  unsupportedLanguage: L(
    '源代码加固仅支持 JavaScript 与 TypeScript（Node.js）项目',
    'Source hardening supports JavaScript and TypeScript (Node.js) projects only',
    '原始碼加固僅支援 JavaScript 與 TypeScript（Node.js）專案',
    'ソースコードの堅牢化は JavaScript と TypeScript（Node.js）のプロジェクトのみ対応しています',
  ),
  compile: L('TypeScript 编译失败', 'TypeScript compilation failed', 'TypeScript 編譯失敗', 'TypeScript のコンパイルに失敗しました'),
  scriptSyntax: L('脚本无法解析，未能加固', 'A script could not be parsed; nothing was protected', '指令碼無法解析，未能加固', 'スクリプトを解析できず、保護できませんでした'),
  badStrategy: L('加固策略无效', 'The strategy is invalid', '加固策略無效', '戦略が無効です'),
  expired: L('到期日期已过，加固后的代码将无法运行', 'The expiry date has passed: the protected code would not run', '到期日期已過，加固後的程式碼將無法執行', '有効期限が過ぎているため、保護後のコードは動作しません'),
} as const;
