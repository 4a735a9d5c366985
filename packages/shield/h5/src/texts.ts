/** Texts of the H5 protector: applied protections, verification checks and errors, in the four report languages. */
const L = (zh: string, en: string, tw: string, ja: string) => ({ 'zh-CN': zh, en, 'zh-TW': tw, ja });

export const APPLIED = {
  obfuscate: L('脚本混淆', 'Script obfuscation', '指令碼混淆', 'スクリプト難読化'),
  renameGlobals: L('全局标识符重命名', 'Global identifier renaming', '全域識別符重新命名', 'グローバル識別子の名前変更'),
  stringArray: L('字符串数组', 'String array', '字串陣列', '文字列配列'),
  controlFlowFlattening: L('控制流平坦化', 'Control-flow flattening', '控制流平坦化', '制御フロー平坦化'),
  deadCodeInjection: L('垃圾代码注入', 'Dead-code injection', '無用程式碼注入', 'デッドコード挿入'),
  numbersToExpressions: L('数字转表达式', 'Numbers to expressions', '數字轉運算式', '数値の式変換'),
  splitStrings: L('字符串拆分', 'Split strings', '字串拆分', '文字列分割'),
  selfDefending: L('自我防御', 'Self-defending', '自我防禦', '自己防御'),
  debugProtection: L('反调试', 'Debug protection', '反除錯', 'デバッグ防止'),
  disableConsoleOutput: L('禁用控制台输出', 'Console output disabled', '停用主控台輸出', 'コンソール出力無効化'),
  domainLock: L('域名锁定', 'Domain lock', '網域鎖定', 'ドメインロック'),
  expiresAt: L('有效期锁定', 'Expiry lock', '有效期鎖定', '有効期限ロック'),
  integrity: L('完整性校验（SRI）', 'Integrity check (SRI)', '完整性校驗（SRI）', '完全性チェック（SRI）'),
  minifyHtml: L('HTML 压缩', 'HTML minified', 'HTML 壓縮', 'HTML 圧縮'),
  minifyCss: L('CSS 压缩', 'CSS minified', 'CSS 壓縮', 'CSS 圧縮'),
  sourceMaps: L('移除 Source Map', 'Source maps removed', '移除 Source Map', 'ソースマップ削除'),
} as const;

export const CHECKS = {
  load: L('原始页面与加固页面均可加载', 'Original and protected pages load', '原始頁面與加固頁面均可載入', '元のページと保護後のページが読み込める'),
  errors: L('加固后无新增脚本错误', 'No new script errors after protection', '加固後無新增指令碼錯誤', '保護後に新たなスクリプトエラーがない'),
  dom: L('页面文本与结构与原始页面一致', 'Page text and structure equal to the original', '頁面文字與結構與原始頁面一致', 'ページのテキストと構造が元と同一'),
  console: L('控制台输出与原始页面一致', 'Console output equal to the original', '主控台輸出與原始頁面一致', 'コンソール出力が元と同一'),
  domainLock: L('域名锁定生效（非授权域名下页面不再运行）', 'Domain lock effective (the page stops on a domain not allowed)', '網域鎖定生效（非授權網域下頁面不再執行）', 'ドメインロックが有効（許可外ドメインでは停止）'),
  expiry: L('有效期锁定生效（到期后页面不再运行）', 'Expiry lock effective (the page stops after the date)', '有效期鎖定生效（到期後頁面不再執行）', '有効期限ロックが有効（期限後は停止）'),
  integrity: L('完整性校验生效（篡改后的脚本被拒绝）', 'Integrity check effective (a tampered script is refused)', '完整性校驗生效（竄改後的指令碼被拒絕）', '完全性チェックが有効（改ざんされたスクリプトは拒否）'),
  noSourceMaps: L('输出中不含 Source Map', 'No source maps in the output', '輸出中不含 Source Map', '出力にソースマップがない'),
  scriptsChanged: L('所有受保护脚本均已变换', 'Every protected script was transformed', '所有受保護指令碼均已變換', '保護対象のスクリプトはすべて変換済み'),
} as const;

export const ERRORS = {
  badInput: L('不支持的文件类型，请上传 HTML 文件或网页应用 zip 包', 'Unsupported file type: upload an HTML file or a zip of a web app', '不支援的檔案類型，請上傳 HTML 檔案或網頁應用 zip 套件', '未対応のファイル形式です。HTML ファイルまたは Web アプリの zip をアップロードしてください'),
  badZip: L('压缩包无法读取或超出限制', 'The zip cannot be read or exceeds the limits', '壓縮檔無法讀取或超出限制', 'zip を読み取れないか制限を超えています'),
  noHtml: L('包中没有 HTML 页面', 'The package holds no HTML page', '套件中沒有 HTML 頁面', 'パッケージに HTML ページがありません'),
  scriptSyntax: L('脚本无法解析，未能加固', 'A script could not be parsed; nothing was protected', '指令碼無法解析，未能加固', 'スクリプトを解析できず、保護できませんでした'),
  verifyFailed: L('加固结果验证失败：加固后的页面行为与原始页面不一致', 'Verification failed: the protected page does not behave as the original', '加固結果驗證失敗：加固後的頁面行為與原始頁面不一致', '検証失敗：保護後のページの動作が元と一致しません'),
  browser: L('验证所需的浏览器无法启动', 'The browser needed for verification could not start', '驗證所需的瀏覽器無法啟動', '検証に必要なブラウザーを起動できません'),
} as const;
