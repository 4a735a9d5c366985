/** Insecure APIs seen in the imported symbols of the binaries (reasons per symbol live in formats/macho/insecure-imports.ts). */
import { iosItems } from './define-item.ts';

export const CODE_ITEMS = iosItems('code', [
  {
    name: 'unsafe_memory_functions',
    risk: 'medium',
    cwe: ['CWE-676'],
    owasp: ['MASVS-CODE-4'],
    title: ['使用不安全的内存与字符串函数', 'Unsafe memory and string functions', '使用不安全的記憶體與字串函式', '安全でないメモリ・文字列関数の使用'],
    purpose: ['列出二进制导入的易导致缓冲区溢出的 C 函数。', 'Lists the C functions imported by the binaries that commonly cause buffer overflows.'],
    description: [
      'gets、strcpy、strcat、sprintf 等函数不检查目标缓冲区大小，输入超长即发生缓冲区溢出；mktemp、tmpnam 生成可预测的临时文件名。memcpy、strncpy、sscanf 等函数本身有长度参数但易误用，列为需人工复核的位置。',
      'gets, strcpy, strcat, sprintf and similar functions never check the destination size, so longer input overflows the buffer; mktemp and tmpnam make predictable temporary names. memcpy, strncpy, sscanf and the like take lengths but are easy to misuse, and are listed for review.',
    ],
    testingSteps: ['读取每个二进制每个架构切片的导入符号，与不安全函数列表（含原因）比对：必然不安全的函数记为失败，需复核的函数记为发现问题。', 'Read the imports of every slice of every binary and compare them with the list of unsafe functions and their reasons: always-unsafe functions fail, review-only ones are reported for a look.'],
    solution: ['使用 strlcpy、strlcat、snprintf、mkstemp 等有界替代函数，优先使用 Foundation/Swift 的字符串与数据类型。', 'Use bounded replacements (strlcpy, strlcat, snprintf, mkstemp) and prefer Foundation or Swift string and data types.'],
    sdk: true,
  },
  {
    name: 'weak_hash',
    risk: 'medium',
    cwe: ['CWE-328'],
    owasp: ['MASVS-CRYPTO-1'],
    title: ['使用弱哈希算法（MD5/SHA-1）', 'Weak hash algorithms (MD5/SHA-1)', '使用弱雜湊演算法（MD5/SHA-1）', '弱いハッシュ（MD5/SHA-1）の使用'],
    purpose: ['检查是否调用 CommonCrypto 的 MD5、MD4、MD2 或 SHA-1。', 'Checks for CommonCrypto MD5, MD4, MD2 or SHA-1 calls.'],
    description: [
      'MD5、MD4、MD2 与 SHA-1 已被证明可构造碰撞，用于签名校验、完整性保护或口令存储时可被伪造或快速破解。',
      'MD5, MD4, MD2 and SHA-1 have practical collisions; used for signatures, integrity protection or password storage they can be forged or cracked quickly.',
    ],
    testingSteps: ['在导入符号中查找 CC_MD5*、CC_MD4、CC_MD2、CC_SHA1* 函数。', 'Look for CC_MD5*, CC_MD4, CC_MD2 and CC_SHA1* among the imports.'],
    solution: ['改用 SHA-256 及以上（CC_SHA256 或 CryptoKit），口令使用 PBKDF2、scrypt 或 Argon2 等慢哈希。', 'Use SHA-256 or stronger (CC_SHA256 or CryptoKit) and slow hashes such as PBKDF2, scrypt or Argon2 for passwords.'],
    sdk: true,
  },
  {
    name: 'cipher_usage_review',
    risk: 'low',
    cwe: ['CWE-327'],
    owasp: ['MASVS-CRYPTO-1'],
    title: ['对称加密用法待复核（DES/3DES/RC4/ECB）', 'Symmetric cipher use to review (DES/3DES/RC4/ECB)', '對稱加密用法待複核（DES/3DES/RC4/ECB）', '共通鍵暗号の使用を要確認（DES/3DES/RC4/ECB）'],
    purpose: ['列出调用 CommonCrypto 对称加密接口的二进制，供复核算法与模式。', 'Lists binaries calling the CommonCrypto symmetric cipher API so algorithm and mode can be reviewed.'],
    description: [
      'CCCrypt、CCCryptorCreate 等接口的算法（kCCAlgorithmDES、kCCAlgorithm3DES、kCCAlgorithmRC4）与 ECB 模式（kCCOptionECBMode）以参数传入，仅凭导入符号无法判定。DES/3DES/RC4 与 ECB 模式都已不安全，常见的硬编码密钥与 IV 也使加密形同虚设，因此列为需复核项。',
      'The algorithm (kCCAlgorithmDES, kCCAlgorithm3DES, kCCAlgorithmRC4) and ECB mode (kCCOptionECBMode) of CCCrypt, CCCryptorCreate and related calls are arguments, invisible in the imports. DES, 3DES, RC4 and ECB are all unsafe, and hard-coded keys and IVs are common, so the use is reported for review.',
    ],
    testingSteps: ['在导入符号中查找 CCCrypt、CCCryptorCreate、CCCryptorCreateWithMode、CCCryptorCreateFromData。', 'Look for CCCrypt, CCCryptorCreate, CCCryptorCreateWithMode and CCCryptorCreateFromData among the imports.'],
    solution: ['确认使用 AES-GCM（CryptoKit）或 AES-CBC 加 HMAC，密钥存放在 Keychain/Secure Enclave 中，IV 每次随机生成。', 'Make sure AES-GCM (CryptoKit), or AES-CBC with an HMAC, is used, keys live in the Keychain or Secure Enclave, and IVs are random per message.'],
    sdk: true,
  },
  {
    name: 'weak_random',
    risk: 'medium',
    cwe: ['CWE-338'],
    owasp: ['MASVS-CRYPTO-1'],
    title: ['使用不安全的随机数生成器', 'Insecure random number generator', '使用不安全的亂數產生器', '安全でない乱数生成器の使用'],
    purpose: ['检查是否使用 rand、random、drand48 等可预测的伪随机数函数。', 'Checks for predictable pseudo-random functions such as rand, random and drand48.'],
    description: [
      'rand/srand、random/srandom 与 *rand48 系列输出可预测，用于生成密钥、令牌、验证码或随机 IV 时可被推算。',
      'rand/srand, random/srandom and the *rand48 family are predictable; keys, tokens, codes or IVs made with them can be guessed.',
    ],
    testingSteps: ['在导入符号中查找 rand、srand、random、srandom、drand48、lrand48 等函数。', 'Look for rand, srand, random, srandom, drand48, lrand48 and related functions among the imports.'],
    solution: ['安全相关的随机数使用 SecRandomCopyBytes 或 arc4random_buf。', 'Use SecRandomCopyBytes or arc4random_buf for anything security-related.'],
    sdk: true,
  },
  {
    name: 'nslog',
    risk: 'low',
    cwe: ['CWE-532'],
    owasp: ['MASVS-STORAGE-2'],
    title: ['使用 NSLog 输出日志', 'Logging with NSLog', '使用 NSLog 輸出日誌', 'NSLog によるログ出力'],
    purpose: ['检查发布版本是否仍调用 NSLog。', 'Checks whether release builds still call NSLog.'],
    description: [
      'NSLog 输出写入系统日志，连接电脑或使用诊断工具即可读取。日志中的令牌、账号、位置等敏感信息会因此泄露。',
      'NSLog writes to the system log, readable by anyone who connects the device to a computer or uses diagnostic tools; tokens, accounts, locations and other sensitive data in it leak.',
    ],
    testingSteps: ['在导入符号中查找 NSLog、NSLogv。', 'Look for NSLog and NSLogv among the imports.'],
    solution: ['发布构建通过宏移除 NSLog，使用 os_log 并将敏感字段标记为 private。', 'Remove NSLog from release builds with a macro and use os_log with sensitive fields marked private.'],
    sdk: true,
  },
  {
    name: 'uiwebview',
    risk: 'medium',
    cwe: ['CWE-477'],
    owasp: ['MASVS-PLATFORM-2'],
    title: ['使用已废弃的 UIWebView', 'Deprecated UIWebView used', '使用已廢棄的 UIWebView', '非推奨の UIWebView を使用'],
    purpose: ['检查是否引用 UIWebView。', 'Checks whether UIWebView is referenced.'],
    description: [
      'UIWebView 已被苹果废弃，App Store 不再接受使用它的新应用与更新。它不支持 WKWebView 的进程隔离，无法关闭 JavaScript 或限制文件访问，在其中加载的不可信内容可读取本地文件。',
      'Apple deprecated UIWebView and the App Store no longer accepts apps that use it. It lacks WKWebView\'s process isolation, cannot turn JavaScript off or restrict file access, and untrusted content loaded in it can read local files.',
    ],
    testingSteps: ['在导入符号中查找 _OBJC_CLASS_$_UIWebView，在类名中查找 UIWebView 子类。', 'Look for _OBJC_CLASS_$_UIWebView among the imports.'],
    solution: ['迁移到 WKWebView，并按需关闭 JavaScript、限制可加载的域名。', 'Move to WKWebView, turn JavaScript off where it is not needed and restrict the hosts it may load.'],
    sdk: true,
  },
]);

export const STORAGE_ITEMS = iosItems('storage', [
  {
    name: 'keychain_accessibility',
    risk: 'medium',
    cwe: ['CWE-922'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['钥匙串数据保护级别过低', 'Weak Keychain accessibility', '鑰匙圈資料保護等級過低', 'キーチェーンの保護レベルが弱い'],
    purpose: ['检查钥匙串条目是否使用了在设备锁定时仍可读取的保护级别。', 'Checks whether Keychain items use accessibility classes readable while the device is locked.'],
    description: [
      'kSecAttrAccessibleAlways 与 kSecAttrAccessibleAlwaysThisDeviceOnly（已废弃）使钥匙串条目在设备锁定时依然可读；kSecAttrAccessibleAfterFirstUnlock 使条目在开机首次解锁后一直可读。设备丢失或被取证时，这些条目中的口令与令牌更容易被提取。',
      'kSecAttrAccessibleAlways and kSecAttrAccessibleAlwaysThisDeviceOnly (deprecated) keep Keychain items readable while the device is locked; kSecAttrAccessibleAfterFirstUnlock keeps them readable from the first unlock after boot. On a lost or seized device, passwords and tokens in them are easier to extract.',
    ],
    testingSteps: ['在导入符号中查找 kSecAttrAccessibleAlways*（失败）与 kSecAttrAccessibleAfterFirstUnlock（需复核）常量。', 'Look for the kSecAttrAccessibleAlways* constants (fail) and kSecAttrAccessibleAfterFirstUnlock (review) among the imports.'],
    solution: ['敏感条目使用 kSecAttrAccessibleWhenUnlockedThisDeviceOnly 或 kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly，必要时结合 SecAccessControl 要求生物识别。', 'Store sensitive items with kSecAttrAccessibleWhenUnlockedThisDeviceOnly or kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, adding SecAccessControl with biometry where needed.'],
    sdk: true,
  },
]);
