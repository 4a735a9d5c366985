/** Secrets and endpoints in ABC strings, DEX strings, resources.index values and text files of the package. */
import { items } from './define-item.ts';

const WHERE_ZH = 'ABC 字符串、DEX 字符串（FA）、resources.index 中的值与 resources/rawfile 等文本文件';
const WHERE_EN = 'ABC strings, DEX strings (FA), resources.index values and text files such as resources/rawfile';

export const SECRETS_ITEMS = items('secrets', [
  {
    name: 'api_keys',
    risk: 'high',
    cwe: ['CWE-798'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['硬编码的密钥或 API Key', 'Hard-coded keys or API keys', '硬編碼的金鑰或 API Key', 'ハードコードされた鍵や API キー'],
    purpose: ['检测安装包中是否硬编码了云服务密钥、私钥等。', 'Checks for cloud keys, private keys and similar secrets in the package.'],
    description: ['安装包可被任何人解包，硬编码的密钥会被提取并用于冒充应用调用后端服务或解密数据。', 'Anyone can unpack the package: hard-coded keys are extracted and used to call back-end services as the app or to decrypt data.'],
    testingSteps: [`对${WHERE_ZH}运行密钥特征规则。`, `Run the secret patterns over ${WHERE_EN}.`],
    solution: ['密钥放在服务端或通过 HUKS 在设备上生成，已泄露的密钥立即轮换。', 'Keep keys on the server or generate them on the device with HUKS; rotate leaked keys at once.'],
  },
  {
    name: 'hardcoded_credentials',
    risk: 'high',
    cwe: ['CWE-259'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['硬编码的账号口令', 'Hard-coded credentials', '硬編碼的帳號密碼', 'ハードコードされた認証情報'],
    purpose: ['检测是否硬编码了用户名、口令等凭据。', 'Checks for user names, passwords and similar credentials in the package.'],
    description: ['硬编码的口令可被提取并用于登录后端、数据库或管理接口。', 'Hard-coded passwords can be extracted and used to log in to back ends, databases or admin interfaces.'],
    testingSteps: [`在${WHERE_ZH}中查找口令特征与 "password=" 等标签后的值。`, `Look for password patterns and values after labels such as "password=" in ${WHERE_EN}.`],
    solution: ['删除硬编码凭据，使用用户登录或服务端下发的短期令牌。', 'Remove hard-coded credentials; use user sign-in or short-lived tokens from the server.'],
  },
  {
    name: 'high_entropy_strings',
    risk: 'low',
    cwe: ['CWE-798'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['疑似密钥的高熵字符串', 'High-entropy strings that may be keys', '疑似金鑰的高熵字串', '鍵の可能性がある高エントロピー文字列'],
    purpose: ['列出随机性高、可能是密钥或令牌的字符串供人工确认。', 'Lists random-looking strings that may be keys or tokens, for manual review.'],
    description: ['未匹配已知特征但熵值很高的字符串常常是自定义密钥、签名盐或令牌。', 'Strings that match no known pattern but have high entropy are often custom keys, signing salts or tokens.'],
    testingSteps: [`计算${WHERE_ZH}中长字符串的香农熵，排除摘要与占位符。`, `Compute the Shannon entropy of long strings in ${WHERE_EN}, excluding digests and placeholders.`],
    solution: ['逐项确认，属于密钥的按硬编码密钥处理。', 'Review each; treat real keys as hard-coded keys.'],
  },
  {
    name: 'http_urls',
    risk: 'medium',
    cwe: ['CWE-319'],
    owasp: ['MASVS-NETWORK-1'],
    title: ['使用明文 HTTP 地址', 'Plain HTTP URLs', '使用明文 HTTP 位址', '平文の HTTP URL'],
    purpose: ['检测代码与资源中的 http:// 地址。', 'Checks for http:// addresses in code and resources.'],
    description: ['通过 HTTP 访问的接口与页面可被窃听与篡改。', 'Endpoints and pages reached over HTTP can be read and modified on the network.'],
    testingSteps: [`在${WHERE_ZH}中提取 URL，列出 http 协议的地址（排除规范与命名空间地址）。`, `Extract URLs from ${WHERE_EN} and list the http ones (namespace and specification URLs excluded).`],
    solution: ['所有地址改用 HTTPS。', 'Use HTTPS for every address.'],
  },
  {
    name: 'endpoints',
    risk: 'info',
    cwe: ['CWE-200'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['URL、IP 与邮箱地址', 'URLs, IP addresses and e-mail addresses', 'URL、IP 與郵件位址', 'URL・IP アドレス・メールアドレス'],
    purpose: ['列出应用通信的服务端地址，供网络与隐私核对。', 'Lists the server addresses the app talks to, for network and privacy review.'],
    description: ['服务端地址揭示了应用的后端、第三方服务与测试环境，内网 IP 与测试域名不应出现在发布包中。', 'Server addresses reveal back ends, third-party services and test environments; internal IPs and test domains should not ship.'],
    testingSteps: [`从${WHERE_ZH}中提取 URL、IP 与邮箱地址并分类。`, `Extract and classify URLs, IP addresses and e-mail addresses from ${WHERE_EN}.`],
    solution: ['删除测试与内网地址，核对第三方域名与隐私政策一致。', 'Remove test and internal addresses and check third-party domains against the privacy policy.'],
  },
  {
    name: 'sensitive_words',
    risk: 'low',
    cwe: ['CWE-200'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['命中自定义敏感词', 'Custom sensitive words found', '命中自訂敏感詞', 'カスタム機密ワードの検出'],
    purpose: ['在安装包字符串中查找任务配置的敏感词。', 'Looks for the task\'s configured sensitive words in the package strings.'],
    description: ['敏感词由检测人员配置，用于发现内部项目名、测试账号等不应出现在发布包中的内容。', 'Sensitive words are configured by the tester to find internal project names, test accounts and similar content that should not ship.'],
    testingSteps: [`在${WHERE_ZH}中查找配置的敏感词。`, `Look for the configured words in ${WHERE_EN}.`],
    solution: ['删除命中的内容或确认其可公开。', 'Remove the matches or confirm they may be public.'],
  },
]);
