/**
 * Items found in Ark bytecode (ets/modules.abc, FA assets/js/*.abc) and
 * JavaScript bundles: weak crypto through the crypto framework or crypto-js,
 * ArkWeb settings, storage of sensitive data, and hilog of sensitive data.
 */
import { items } from './define-item.ts';

const ABC_STEPS_ZH = '解析 ABC 文件的字符串表、字面量数组与 ES 模块记录（导入的 @ohos 模块与 ohpm 包），并反汇编各方法的字节码，得到每个方法调用的 API 及其常量参数（调用参数决定结论；未在调用中出现的字符串仅作为待复核项）';
const ABC_STEPS_EN = 'Parse the string table, literal arrays and ES module records (imported @ohos modules and ohpm packages) of the ABC files and decode each method\'s bytecode into the APIs it calls with their constant arguments (the arguments decide; strings never seen at a call are reported for review only)';

export const CRYPTO_ITEMS = items('crypto', [
  {
    name: 'ecb_mode',
    risk: 'medium',
    cwe: ['CWE-327'],
    owasp: ['MASVS-CRYPTO-1'],
    title: ['使用 ECB 分组模式加密', 'Encryption in ECB mode', '使用 ECB 分組模式加密', 'ECB モードでの暗号化'],
    purpose: ['检测对称加密是否使用了 ECB 模式。', 'Checks whether symmetric encryption uses ECB mode.'],
    description: ['ECB 模式对相同明文块产生相同密文块，会泄露数据模式，且无法抵御分组重放与替换。', 'ECB encrypts equal plaintext blocks to equal ciphertext blocks, leaking patterns and allowing block replay and substitution.'],
    testingSteps: [`${ABC_STEPS_ZH}，查找加密框架算法串（如 "AES128|ECB|PKCS7"）或 crypto-js 的 mode.ECB。`, `${ABC_STEPS_EN}; look for crypto framework algorithm strings such as "AES128|ECB|PKCS7" or crypto-js mode.ECB.`],
    solution: ['改用 GCM（或 CBC 加 HMAC），每次加密使用随机 IV。', 'Use GCM (or CBC with an HMAC) with a random IV for every encryption.'],
  },
  {
    name: 'weak_cipher',
    risk: 'high',
    cwe: ['CWE-327'],
    owasp: ['MASVS-CRYPTO-1'],
    title: ['使用弱加密算法（DES/3DES/RC4）', 'Weak cipher (DES/3DES/RC4)', '使用弱加密演算法（DES/3DES/RC4）', '弱い暗号アルゴリズム（DES/3DES/RC4）'],
    purpose: ['检测是否使用已不安全的对称加密算法。', 'Checks for symmetric ciphers that are no longer secure.'],
    description: ['DES 的 56 位密钥可被穷举，3DES 受 Sweet32 攻击影响，RC4 存在严重偏差，均不应用于保护数据。', 'DES keys (56 bits) can be brute-forced, 3DES is affected by Sweet32 and RC4 is badly biased: none should protect data.'],
    testingSteps: [`${ABC_STEPS_ZH}，查找 "3DES192"、"DES" 等加密框架算法名或 crypto-js 的 DES/TripleDES/RC4。`, `${ABC_STEPS_EN}; look for crypto framework names such as "3DES192" or "DES" and crypto-js DES/TripleDES/RC4.`],
    solution: ['改用 AES-256-GCM 或 SM4-GCM。', 'Use AES-256-GCM or SM4-GCM.'],
  },
  {
    name: 'weak_hash',
    risk: 'medium',
    cwe: ['CWE-328'],
    owasp: ['MASVS-CRYPTO-1'],
    title: ['使用弱哈希算法（MD5/SHA-1）', 'Weak hash (MD5/SHA-1)', '使用弱雜湊演算法（MD5/SHA-1）', '弱いハッシュ（MD5/SHA-1）'],
    purpose: ['检测是否使用存在碰撞攻击的哈希算法。', 'Checks for hash algorithms with practical collision attacks.'],
    description: ['MD5 与 SHA-1 已可构造碰撞，用于签名、完整性校验或口令存储时可被伪造或快速破解。', 'MD5 and SHA-1 collisions are practical; used for signatures, integrity checks or password storage they can be forged or cracked quickly.'],
    testingSteps: [`${ABC_STEPS_ZH}，在导入 cryptoFramework 或 crypto-js 的代码中查找 "MD5"、"SHA1" 算法名。`, `${ABC_STEPS_EN}; in code that imports cryptoFramework or crypto-js, look for the algorithm names "MD5" and "SHA1".`],
    solution: ['改用 SHA-256 及以上；口令使用 PBKDF2 等慢哈希加盐存储。', 'Use SHA-256 or better; store passwords with a salted slow hash such as PBKDF2.'],
  },
  {
    name: 'static_iv',
    risk: 'medium',
    cwe: ['CWE-329'],
    owasp: ['MASVS-CRYPTO-2'],
    title: ['使用固定的初始化向量（IV）', 'Static initialisation vector (IV)', '使用固定的初始化向量（IV）', '固定の初期化ベクトル（IV）'],
    purpose: ['检测加密时是否使用硬编码的 IV。', 'Checks whether encryption uses a hard-coded IV.'],
    description: ['IV 固定时相同明文产生相同密文；GCM 模式下重复 IV 还会泄露认证密钥，导致密文可被伪造。', 'A fixed IV makes equal plaintexts encrypt to equal ciphertexts; with GCM a repeated IV also leaks the authentication key and allows forgery.'],
    testingSteps: [`${ABC_STEPS_ZH}，在使用 IvParamsSpec / GcmParamsSpec 或 crypto-js iv 参数的文件中查找 12 或 16 字节长的常量字符串。`, `${ABC_STEPS_EN}; in files that use IvParamsSpec / GcmParamsSpec or a crypto-js iv, look for constant strings 12 or 16 bytes long.`],
    solution: ['每次加密使用 cryptoFramework.createRandom() 生成随机 IV，并与密文一起保存。', 'Generate a random IV with cryptoFramework.createRandom() for every encryption and store it with the ciphertext.'],
  },
]);

export const WEBVIEW_ITEMS = items('webview', [
  {
    name: 'javascript_proxy',
    risk: 'medium',
    cwe: ['CWE-749'],
    owasp: ['MASVS-PLATFORM-2'],
    title: ['ArkWeb 向网页注入 JavaScript 对象（javaScriptProxy）', 'ArkWeb exposes objects to JavaScript (javaScriptProxy)', 'ArkWeb 向網頁注入 JavaScript 物件（javaScriptProxy）', 'ArkWeb が JavaScript にオブジェクトを公開（javaScriptProxy）'],
    purpose: ['检测 Web 组件是否向网页暴露了应用侧对象。', 'Checks whether the Web component exposes app objects to web pages.'],
    description: ['javaScriptProxy 或 registerJavaScriptProxy 注入的对象可被页面中的任何脚本调用；加载不可信内容或遭受 XSS 时，攻击者可调用这些方法访问应用能力与数据。', 'Objects injected with javaScriptProxy or registerJavaScriptProxy can be called by any script of the page; with untrusted content or XSS an attacker reaches the app\'s capabilities and data.'],
    testingSteps: [`${ABC_STEPS_ZH}，查找 javaScriptProxy、registerJavaScriptProxy 的使用。`, `${ABC_STEPS_EN}; look for uses of javaScriptProxy and registerJavaScriptProxy.`],
    solution: ['只向可信的本地或 HTTPS 页面注入对象，最小化暴露的方法并校验调用来源与参数。', 'Inject objects only into trusted local or HTTPS pages, expose as few methods as possible and validate the origin and arguments of every call.'],
  },
  {
    name: 'file_access',
    risk: 'medium',
    cwe: ['CWE-200'],
    owasp: ['MASVS-PLATFORM-2'],
    title: ['ArkWeb 开启文件访问（fileAccess）', 'ArkWeb file access enabled (fileAccess)', 'ArkWeb 開啟檔案存取（fileAccess）', 'ArkWeb のファイルアクセスが有効（fileAccess）'],
    purpose: ['检测 Web 组件是否允许页面访问应用沙箱文件。', 'Checks whether the Web component lets pages read sandbox files.'],
    description: ['fileAccess(true) 允许通过 file:// 访问应用文件；结合不可信页面或 XSS 可读取沙箱中的敏感数据。API 12 之前该属性默认开启。', 'fileAccess(true) lets pages read app files through file://; with untrusted pages or XSS they can read sensitive sandbox data. Before API 12 it was on by default.'],
    testingSteps: [`${ABC_STEPS_ZH}，查找 Web 组件属性 fileAccess 的设置。`, `${ABC_STEPS_EN}; look for the Web component attribute fileAccess.`],
    solution: ['显式设置 fileAccess(false)，本地资源通过 resource:// 或 rawfile 加载。', 'Set fileAccess(false) explicitly and load local content through resource:// or rawfile.'],
  },
  {
    name: 'mixed_content',
    risk: 'medium',
    cwe: ['CWE-319'],
    owasp: ['MASVS-NETWORK-1'],
    title: ['ArkWeb 允许混合内容（mixedMode）', 'ArkWeb allows mixed content (mixedMode)', 'ArkWeb 允許混合內容（mixedMode）', 'ArkWeb が混在コンテンツを許可（mixedMode）'],
    purpose: ['检测 HTTPS 页面是否允许加载 HTTP 资源。', 'Checks whether HTTPS pages may load HTTP resources.'],
    description: ['mixedMode 设为 MixedMode.All 或 Compatible 时，HTTPS 页面可加载明文脚本与资源，攻击者可在网络中注入脚本。', 'With mixedMode MixedMode.All or Compatible, HTTPS pages load cleartext scripts and resources, which an attacker on the network can replace.'],
    testingSteps: [`${ABC_STEPS_ZH}，查找 mixedMode 属性与 MixedMode 枚举值。`, `${ABC_STEPS_EN}; look for the mixedMode attribute and MixedMode values.`],
    solution: ['保持默认的 MixedMode.None，所有资源使用 HTTPS。', 'Keep the default MixedMode.None and serve every resource over HTTPS.'],
  },
  {
    name: 'debugging_access',
    risk: 'medium',
    cwe: ['CWE-489'],
    owasp: ['MASVS-RESILIENCE-4'],
    title: ['ArkWeb 开启网页调试（setWebDebuggingAccess）', 'ArkWeb web debugging enabled (setWebDebuggingAccess)', 'ArkWeb 開啟網頁除錯（setWebDebuggingAccess）', 'ArkWeb の Web デバッグが有効（setWebDebuggingAccess）'],
    purpose: ['检测是否开启了 Web 页面远程调试。', 'Checks whether remote debugging of web content is turned on.'],
    description: ['setWebDebuggingAccess(true) 允许通过 DevTools 检查与修改页面、读取 Cookie 与本地存储。', 'setWebDebuggingAccess(true) lets DevTools inspect and change pages and read cookies and local storage.'],
    testingSteps: [`${ABC_STEPS_ZH}，查找 setWebDebuggingAccess 的调用。`, `${ABC_STEPS_EN}; look for calls of setWebDebuggingAccess.`],
    solution: ['仅在调试构建中开启网页调试，发布版本删除该调用。', 'Enable web debugging only in debug builds and remove the call from releases.'],
  },
]);

export const STORAGE_ITEMS = items('storage', [
  {
    name: 'preferences_sensitive',
    risk: 'medium',
    cwe: ['CWE-312'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['首选项（Preferences）中明文存储敏感数据', 'Sensitive data in Preferences in clear', '偏好設定（Preferences）中明文儲存敏感資料', 'Preferences に機密データを平文保存'],
    purpose: ['检测是否将口令、令牌等写入用户首选项。', 'Checks whether passwords, tokens and similar values go into Preferences.'],
    description: ['@ohos.data.preferences 以明文文件保存在应用沙箱中，设备被 root、备份导出或调试时可被读取。', '@ohos.data.preferences stores plain files in the app sandbox, readable on rooted devices, from backups or while debugging.'],
    testingSteps: [`${ABC_STEPS_ZH}，在导入 data.preferences 的 ABC 中查找 password、token、secret 等敏感键名。`, `${ABC_STEPS_EN}; in ABC files importing data.preferences, look for sensitive key names such as password, token and secret.`],
    solution: ['敏感数据使用 HUKS 密钥加密后再存储，或改用资产存储服务（Asset Store Kit）。', 'Encrypt sensitive values with a HUKS key before storing them, or use the Asset Store Kit.'],
  },
  {
    name: 'database_unencrypted',
    risk: 'low',
    cwe: ['CWE-311'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['数据库未启用加密', 'Database without encryption', '資料庫未啟用加密', 'データベースが暗号化されていない'],
    purpose: ['检测关系型数据库或键值数据库是否开启加密。', 'Checks whether relational or key-value stores are encrypted.'],
    description: ['relationalStore 与 distributedKVStore 默认不加密，数据库文件中的个人数据在设备被攻破或备份导出时可被直接读取。', 'relationalStore and distributedKVStore are unencrypted by default; personal data in their files can be read from a compromised device or a backup.'],
    testingSteps: [`${ABC_STEPS_ZH}，导入 data.relationalStore 或 data.distributedKVStore 但字符串中没有 encrypt 配置项时报告。`, `${ABC_STEPS_EN}; report files that import data.relationalStore or data.distributedKVStore without an encrypt option among their strings.`],
    solution: ['在 StoreConfig / Options 中设置 encrypt: true，并选择合适的 securityLevel。', 'Set encrypt: true in StoreConfig / Options and choose a suitable securityLevel.'],
  },
]);

export const LOGGING_ITEMS = items('logging', [
  {
    name: 'hilog_sensitive',
    risk: 'medium',
    cwe: ['CWE-532'],
    owasp: ['MASVS-STORAGE-2'],
    title: ['日志（hilog/console）输出敏感信息', 'Sensitive data in logs (hilog/console)', '日誌（hilog/console）輸出敏感資訊', 'ログ（hilog/console）に機密情報を出力'],
    purpose: ['检测日志格式串中是否包含口令、令牌、手机号等敏感字段。', 'Checks whether log format strings carry passwords, tokens, phone numbers and similar fields.'],
    description: ['使用 %{public} 修饰或 console 输出的内容会以明文写入系统日志，可被 hdc hilog 或日志收集读取。', 'Values printed with %{public} or through console end up in clear in the system log, readable with hdc hilog or by log collection.'],
    testingSteps: [`${ABC_STEPS_ZH}，在导入 hilog 或使用 console 的 ABC 中查找带格式占位符且包含敏感词的字符串。`, `${ABC_STEPS_EN}; in ABC files that import hilog or use console, look for strings with format placeholders that mention sensitive fields.`],
    solution: ['不记录敏感数据；必须记录时使用 %{private}（默认）并脱敏，发布版本降低日志级别。', 'Do not log sensitive data; where unavoidable use %{private} (the default) and mask it, and lower the log level in releases.'],
  },
]);
