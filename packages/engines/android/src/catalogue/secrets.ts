/** Secrets and endpoints found in DEX strings, resources and asset files. */
import { items } from './define-item.ts';

const WHERE: [string, string] = ['扫描 DEX 字符串常量、resources.arsc 字符串与 assets、res/raw 中的文本文件', 'Scan DEX string constants, resources.arsc strings and text files under assets and res/raw'];

export const SECRETS_ITEMS = items('secrets', [
  {
    name: 'api_keys',
    risk: 'high',
    cwe: ['CWE-798'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['硬编码云服务与第三方平台密钥', 'Hard-coded cloud and service API keys', '硬編碼雲端服務與第三方平台金鑰', 'クラウド・サービスの API キーがハードコードされている'],
    purpose: ['检测安装包中可直接使用的云服务、支付、地图、推送等平台密钥。', 'Finds usable keys for cloud, payment, maps, push and similar services in the package.'],
    description: [
      'AccessKey、Secret、令牌与私钥写在安装包中即可被任何人提取，用于调用付费接口、访问云存储或冒充应用身份。',
      'Access keys, secrets, tokens and private keys inside the package can be extracted by anyone and used to call paid APIs, reach cloud storage or impersonate the app.',
    ],
    testingSteps: [`${WHERE[0]}，以已知格式的密钥规则（AWS、阿里云、腾讯云、Google、Stripe、私钥等）匹配。`, `${WHERE[1]} with rules for known key formats (AWS, Alibaba Cloud, Tencent Cloud, Google, Stripe, private keys …).`],
    solution: ['将密钥移至服务端，客户端通过受认证的接口间接调用；已泄露的密钥应立即吊销轮换。', 'Move keys to the server and call through authenticated endpoints; revoke and rotate leaked keys at once.'],
    sdk: true,
  },
  {
    name: 'hardcoded_credentials',
    risk: 'high',
    cwe: ['CWE-798'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['硬编码账号口令', 'Hard-coded credentials', '硬編碼帳號密碼', 'ハードコードされた認証情報'],
    purpose: ['检测代码中写死的用户名、口令、API Key 与用于比对的固定口令。', 'Finds user names, passwords and API keys written into the code, and fixed secrets compared with user input.'],
    description: [
      '写死的口令或与用户输入直接比较的固定口令可以通过反编译获得，攻击者可以直接登录或绕过校验。',
      'Passwords written into the code, or fixed secrets compared with user input, are recovered by decompiling and let an attacker log in or bypass the check.',
    ],
    testingSteps: [`${WHERE[0]}，匹配 password/secret/api key 等标签后的取值，并分析 String.equals 与输入框内容比较的常量。`, `${WHERE[1]} for values after labels such as password, secret or API key, and check constants compared with text-field input through String.equals.`],
    solution: ['口令校验在服务端完成，客户端不保存任何凭据。', 'Verify credentials on the server and keep none in the client.'],
    sdk: true,
  },
  {
    name: 'high_entropy_strings',
    risk: 'low',
    cwe: ['CWE-798'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['疑似密钥的高熵字符串', 'High-entropy strings that may be keys', '疑似金鑰的高熵字串', '鍵の可能性がある高エントロピー文字列'],
    purpose: ['列出未被具体规则识别、但随机性很高的字符串，供人工确认。', 'Lists random-looking strings no specific rule recognised, for manual review.'],
    description: [
      '高熵字符串可能是令牌、密钥或加密数据，也可能是无害的标识符，需要结合上下文确认。',
      'High-entropy strings may be tokens, keys or encrypted data, or harmless identifiers; confirm them in context.',
    ],
    testingSteps: [`${WHERE[0]}，计算字符串的香农熵并排除哈希、UUID、图片数据等。`, `${WHERE[1]}, compute the Shannon entropy, and leave out hashes, UUIDs and image data.`],
    solution: ['确认为密钥的字符串按硬编码密钥处理。', 'Treat confirmed keys as hard-coded secrets.'],
    sdk: true,
  },
  {
    name: 'http_urls',
    risk: 'low',
    cwe: ['CWE-319'],
    owasp: ['MASVS-NETWORK-1'],
    title: ['使用明文 HTTP 地址', 'Cleartext HTTP URLs', '使用明文 HTTP 位址', '平文の HTTP URL を使用'],
    purpose: ['列出代码与资源中的 http:// 服务地址。', 'Lists http:// service addresses in code and resources.'],
    description: [
      '以 http:// 访问的接口与资源未加密传输，可被窃听与篡改。',
      'Endpoints and resources reached over http:// are sent unencrypted and can be read and changed in transit.',
    ],
    testingSteps: [`${WHERE[0]}，提取 http:// URL 并排除 XML 命名空间等引用地址。`, `${WHERE[1]}, extract http:// URLs and leave out XML namespaces and other reference URLs.`],
    solution: ['所有服务地址使用 HTTPS。', 'Use HTTPS for every endpoint.'],
    sdk: true,
  },
  {
    name: 'endpoints',
    risk: 'info',
    cwe: ['CWE-200'],
    owasp: ['MASVS-NETWORK-1'],
    title: ['URL、IP 地址与电子邮件', 'URLs, IP addresses and e-mail addresses', 'URL、IP 位址與電子郵件', 'URL・IP アドレス・メールアドレス'],
    purpose: ['列出安装包中出现的服务地址、IP 与邮箱，供安全与合规审查。', 'Lists service addresses, IPs and e-mail addresses in the package for security and compliance review.'],
    description: [
      '应用连接的服务器与硬编码的内网地址、测试地址、个人邮箱可能暴露后端结构与开发信息。',
      'The servers an app talks to, and hard-coded internal or test addresses and personal e-mails, can reveal back-end structure and development details.',
    ],
    testingSteps: [`${WHERE[0]}，提取 URL、IPv4/IPv6 地址与电子邮件地址并记录出处。`, `${WHERE[1]}, extract URLs, IPv4/IPv6 and e-mail addresses with where they were found.`],
    solution: ['移除测试与内网地址，确认所有服务器均为预期的业务服务器。', 'Remove test and internal addresses and confirm every server is an expected one.'],
    sdk: true,
  },
  {
    name: 'sensitive_words',
    risk: 'low',
    cwe: ['CWE-200'],
    owasp: ['MASVS-STORAGE-2'],
    title: ['敏感词', 'Sensitive words', '敏感詞', '機密ワード'],
    purpose: ['查找任务中配置的敏感词在安装包中的出现位置。', 'Finds where the sensitive words configured for the task occur in the package.'],
    description: [
      '敏感词由用户在任务中配置（如内部项目名、测试账号、域名），出现在发布包中可能意味着信息泄露。',
      'Sensitive words are set by the user for the task (internal project names, test accounts, domains); finding them in a release package can mean a leak.',
    ],
    testingSteps: [`${WHERE[0]}，按不区分大小写的方式查找每个敏感词。`, `${WHERE[1]} for each sensitive word, case-insensitively.`],
    solution: ['从发布包中移除命中的内容。', 'Remove the matching content from the release package.'],
    sdk: true,
  },
]);
