/**
 * The H5 strategy: which protections run on the scripts of a web package and
 * how strongly (data; the portal renders it as the "add strategy" form). The
 * obfuscation options map one-to-one onto javascript-obfuscator's documented
 * options (its README, "Options"); the presets follow its own low/medium/high
 * presets, with the costs measured by bench/presets.ts.
 */
import { excludeOption, expiryOption, OBFUSCATION_GROUPS, OBFUSCATION_OPTIONS, type DefaultStrategy, type StrategySchema } from '@citadel/shield-core';

const L = (zh: string, en: string, tw: string, ja: string) => ({ 'zh-CN': zh, en, 'zh-TW': tw, ja });

export const H5_SCHEMA: StrategySchema = {
  groups: [
    ...OBFUSCATION_GROUPS,
    { key: 'locks', title: L('域名与有效期锁定', 'Domain and expiry locks', '網域與有效期鎖定', 'ドメインと有効期限のロック') },
    { key: 'package', title: L('页面与资源', 'Pages and assets', '頁面與資源', 'ページとアセット') },
    { key: 'verify', title: L('验证', 'Verification', '驗證', '検証') },
  ],
  options: [
    { key: 'renameIdentifiers', kind: 'boolean', group: 'rename', default: true, title: L('局部标识符重命名', 'Rename local identifiers', '區域識別符重新命名', 'ローカル識別子の名前変更') },
    {
      key: 'renameGlobals',
      kind: 'boolean',
      group: 'rename',
      default: false,
      title: L('全局标识符重命名', 'Rename global identifiers', '全域識別符重新命名', 'グローバル識別子の名前変更'),
      help: L(
        '被 HTML 属性、内联事件或其他脚本引用的全局名称保持不变',
        'Globals referenced from HTML attributes, inline handlers or other scripts keep their names',
        '被 HTML 屬性、內嵌事件或其他指令碼引用的全域名稱保持不變',
        'HTML 属性、インラインハンドラー、他のスクリプトから参照されるグローバル名は維持されます',
      ),
    },
    ...OBFUSCATION_OPTIONS,
    { key: 'debugProtection', kind: 'boolean', group: 'runtime', default: false, title: L('反调试', 'Debug protection', '反除錯', 'デバッグ防止') },
    { key: 'disableConsoleOutput', kind: 'boolean', group: 'runtime', default: false, title: L('禁用控制台输出', 'Disable console output', '停用主控台輸出', 'コンソール出力の無効化') },
    {
      key: 'integrity',
      kind: 'boolean',
      group: 'runtime',
      default: true,
      title: L('完整性校验（脚本被篡改后拒绝执行）', 'Integrity check (tampered scripts are refused)', '完整性校驗（指令碼被竄改後拒絕執行）', '完全性チェック（改ざんされたスクリプトは実行拒否）'),
      help: L(
        '为包内外部脚本写入 SRI 完整性哈希（需通过 http/https 访问页面）',
        'Writes Subresource Integrity hashes for the package\'s external scripts (the page must be served over http/https)',
        '為套件內外部指令碼寫入 SRI 完整性雜湊（需透過 http/https 存取頁面）',
        'パッケージ内の外部スクリプトに SRI ハッシュを付与します（http/https での配信が必要）',
      ),
    },
    {
      key: 'domainLock',
      kind: 'list',
      group: 'locks',
      default: [],
      maxItems: 20,
      maxLength: 253,
      pattern: '^(\\*\\.|\\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$',
      title: L('允许运行的域名（每行一个，.example.com 含子域名）', 'Allowed domains (one a line; .example.com includes subdomains)', '允許執行的網域（每行一個，.example.com 含子網域）', '実行を許可するドメイン（1 行に 1 つ、.example.com はサブドメインを含む）'),
    },
    expiryOption('locks'),
    { key: 'minifyHtml', kind: 'boolean', group: 'package', default: true, title: L('压缩 HTML', 'Minify HTML', '壓縮 HTML', 'HTML の圧縮') },
    { key: 'minifyCss', kind: 'boolean', group: 'package', default: false, title: L('压缩 CSS', 'Minify CSS', '壓縮 CSS', 'CSS の圧縮') },
    excludeOption('package'),
    {
      key: 'interactions',
      kind: 'list',
      group: 'verify',
      default: [],
      maxItems: 30,
      maxLength: 300,
      pattern: '^(click|fill|press|wait) .+$',
      title: L(
        '验证交互步骤（每行一步：click 选择器 / fill 选择器 文本 / press 键 / wait 毫秒）',
        'Verification steps (one a line: click SELECTOR / fill SELECTOR TEXT / press KEY / wait MS)',
        '驗證互動步驟（每行一步：click 選擇器 / fill 選擇器 文字 / press 鍵 / wait 毫秒）',
        '検証操作（1 行に 1 手順：click セレクター / fill セレクター テキスト / press キー / wait ミリ秒）',
      ),
    },
  ],
};

export const H5_DEFAULTS: DefaultStrategy[] = [
  {
    id: 'h5.light',
    name: L('H5 轻度', 'H5 light', 'H5 輕度', 'H5 ライト'),
    description: L('局部重命名与字符串数组，体积与速度开销最小', 'Local renaming and a string array; the smallest size and speed cost', '區域重新命名與字串陣列，體積與速度開銷最小', 'ローカル名の変更と文字列配列。サイズと速度のコストが最小'),
    values: { stringArrayThreshold: 0.5 },
  },
  {
    id: 'h5.balanced',
    name: L('H5 均衡', 'H5 balanced', 'H5 均衡', 'H5 バランス'),
    description: L(
      '全局重命名、Base64 字符串、部分控制流平坦化、数字转表达式、自我防御、完整性校验',
      'Global renaming, Base64 strings, partial control-flow flattening, numbers to expressions, self-defending, integrity check',
      '全域重新命名、Base64 字串、部分控制流平坦化、數字轉運算式、自我防禦、完整性校驗',
      'グローバル名の変更、Base64 文字列、部分的な制御フロー平坦化、数値の式変換、自己防御、完全性チェック',
    ),
    // no dead-code injection: javascript-obfuscator's breaks a React + Ant Design production build (README, measured)
    values: { renameGlobals: true, stringArrayEncoding: 'base64', controlFlowFlattening: 0.5, numbersToExpressions: true, selfDefending: true },
  },
  {
    id: 'h5.strong',
    name: L('H5 高强度', 'H5 strong', 'H5 高強度', 'H5 ストロング'),
    description: L(
      'RC4 字符串、高比例控制流平坦化与垃圾代码、字符串拆分、反调试、禁用控制台；体积与加载开销最大',
      'RC4 strings, heavy control-flow flattening and dead code, split strings, debug protection, console disabled; the largest size and load cost',
      'RC4 字串、高比例控制流平坦化與無用程式碼、字串拆分、反除錯、停用主控台；體積與載入開銷最大',
      'RC4 文字列、高比率の制御フロー平坦化とデッドコード、文字列分割、デバッグ防止、コンソール無効化。サイズと読み込みのコストが最大',
    ),
    values: {
      renameGlobals: true,
      stringArrayEncoding: 'rc4',
      stringArrayThreshold: 1,
      splitStrings: true,
      controlFlowFlattening: 0.75,
      deadCodeInjection: 0.4,
      numbersToExpressions: true,
      selfDefending: true,
      debugProtection: true,
      disableConsoleOutput: true,
    },
  },
];
