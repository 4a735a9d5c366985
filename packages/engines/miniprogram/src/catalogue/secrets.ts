/** Secrets in the unpacked code and configuration, reported with file and line. */
import { items } from './define-item.ts';

const WHERE: [string, string] = ['解包后逐个文件（拆分出的 JS 模块、模板、配置、source map）扫描文本，证据给出文件与行号', 'Scan every unpacked file (JS modules split from the bundles, templates, configuration, source maps); evidence gives file and line'];

export const SECRETS_ITEMS = items('secrets', [
  {
    name: 'app_secret',
    risk: 'serious',
    cwe: ['CWE-798'],
    owasp: ['MASVS-STORAGE-1', 'M1:2024'],
    title: ['小程序 AppSecret 等平台服务端密钥泄露', 'Platform server secret (AppSecret) in the package', '小程式 AppSecret 等平台伺服器端金鑰外洩', 'ミニプログラムの AppSecret などサーバー側シークレットの漏えい'],
    purpose: ['检测包内是否含有只应保存在服务端的平台密钥（微信 AppSecret、code2Session 请求中的 secret 参数等）。', 'Finds platform secrets that belong on the server only (WeChat AppSecret, the secret parameter of code2Session requests …).'],
    description: [
      'AppSecret 可用于换取 access_token、调用平台服务端接口、解密用户数据。小程序代码包可被任何用户下载和解包，包内的 AppSecret 等同于公开。',
      'The AppSecret obtains access tokens, calls the platform server APIs and decrypts user data. Anyone can download and unpack a mini-program, so a secret inside it is public.',
    ],
    testingSteps: [`${WHERE[0]}，匹配 appsecret/secret 赋值与 URL 中 secret= 参数后的 32 位十六进制值。`, `${WHERE[1]}, matching 32-hex-digit values assigned to appsecret/secret and secret= URL parameters.`],
    solution: ['立即在公众平台重置 AppSecret；登录态换取（code2Session）和 access_token 获取只在服务端完成。', 'Reset the AppSecret on the platform at once; exchange login codes (code2Session) and fetch access tokens on the server only.'],
  },
  {
    name: 'api_keys',
    risk: 'high',
    cwe: ['CWE-798'],
    owasp: ['MASVS-STORAGE-1', 'M1:2024'],
    title: ['硬编码云服务与第三方平台密钥', 'Hard-coded cloud and service API keys', '硬編碼雲端服務與第三方平台金鑰', 'クラウド・サービスの API キーがハードコードされている'],
    purpose: ['检测代码中可直接使用的云服务、地图、支付、消息等平台密钥和令牌。', 'Finds usable keys and tokens for cloud, maps, payment, messaging and similar services.'],
    description: [
      'AccessKey、令牌（JWT、GitHub/Slack 令牌等）写在小程序包内即可被提取，用于调用付费接口、访问云存储或冒充应用。',
      'Access keys and tokens (JWT, GitHub/Slack tokens …) inside the package can be extracted and used to call paid APIs, reach cloud storage or impersonate the app.',
    ],
    testingSteps: [`${WHERE[0]}，以已知格式的密钥规则（阿里云、腾讯云、AWS、Google、JWT 等）匹配。`, `${WHERE[1]} with rules for known key formats (Alibaba Cloud, Tencent Cloud, AWS, Google, JWT …).`],
    solution: ['密钥移至服务端，小程序通过受认证的接口间接调用；已泄露的密钥立即吊销轮换。', 'Move keys to the server behind authenticated endpoints; revoke and rotate leaked keys.'],
  },
  {
    name: 'private_keys',
    risk: 'high',
    cwe: ['CWE-321'],
    owasp: ['MASVS-CRYPTO-2', 'M1:2024'],
    title: ['包内含有私钥', 'Private key in the package', '包內含有私密金鑰', 'パッケージに秘密鍵が含まれている'],
    purpose: ['检测 PEM 或 Base64 形式的私钥（如支付宝应用私钥、RSA/EC 私钥）。', 'Finds private keys in PEM or Base64 form (Alipay application private keys, RSA/EC keys).'],
    description: ['私钥泄露后攻击者可伪造签名（如支付宝开放平台请求签名）或解密通信数据。', 'A leaked private key lets an attacker forge signatures (e.g. Alipay open-platform request signatures) or decrypt traffic.'],
    testingSteps: [`${WHERE[0]}，匹配 PEM 私钥头和 PKCS#1/PKCS#8 结构的 Base64 私钥。`, `${WHERE[1]} for PEM private-key headers and Base64 PKCS#1/PKCS#8 key structures.`],
    solution: ['签名在服务端完成，私钥不随小程序发布；更换已泄露的密钥对。', 'Sign on the server and never ship private keys; replace leaked key pairs.'],
  },
  {
    name: 'hardcoded_credentials',
    risk: 'high',
    cwe: ['CWE-798', 'CWE-259'],
    owasp: ['MASVS-STORAGE-1', 'M1:2024'],
    title: ['硬编码账号口令', 'Hard-coded credentials', '硬編碼帳號密碼', 'ハードコードされた認証情報'],
    purpose: ['检测代码中写死的口令、secret、token 等凭据赋值。', 'Finds passwords, secrets and tokens assigned as literals in code.'],
    description: ['写死的凭据可通过解包直接获得，攻击者可直接登录后台或调用接口。', 'Credentials written into the code are recovered by unpacking and let an attacker log in or call APIs.'],
    testingSteps: [`${WHERE[0]}，匹配 password/secret/token/api_key 等名称后的字面量取值并排除占位符。`, `${WHERE[1]} for literal values after names such as password, secret, token or api_key, leaving out placeholders.`],
    solution: ['凭据校验在服务端完成，客户端不保存任何凭据。', 'Verify credentials on the server and keep none in the client.'],
  },
  {
    name: 'high_entropy_strings',
    risk: 'low',
    cwe: ['CWE-798'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['疑似密钥的高熵字符串', 'High-entropy strings that may be keys', '疑似金鑰的高熵字串', '鍵の可能性がある高エントロピー文字列'],
    purpose: ['列出未被具体规则识别、但随机性很高的字符串，供人工确认。', 'Lists random-looking strings no specific rule recognised, for manual review.'],
    description: ['高熵字符串可能是令牌、密钥，也可能是无害的标识符，需要结合上下文确认。', 'High-entropy strings may be tokens or keys, or harmless identifiers; confirm them in context.'],
    testingSteps: [`${WHERE[0]}，计算香农熵并排除哈希、UUID、图片数据等。`, `${WHERE[1]}, computing Shannon entropy and leaving out hashes, UUIDs and image data.`],
    solution: ['确认为密钥的字符串按硬编码密钥处理。', 'Treat confirmed keys as hard-coded secrets.'],
  },
  {
    name: 'sensitive_words',
    risk: 'low',
    cwe: ['CWE-200'],
    owasp: ['MASVS-STORAGE-2'],
    title: ['敏感词', 'Sensitive words', '敏感詞', '機密ワード'],
    purpose: ['查找任务中配置的敏感词在小程序包中的出现位置。', 'Finds where the sensitive words configured for the task occur in the package.'],
    description: ['敏感词由用户配置（内部项目名、测试账号、域名等），出现在发布包中可能意味着信息泄露。', 'Sensitive words are set by the user (internal names, test accounts, domains); finding them in a release can mean a leak.'],
    testingSteps: [`${WHERE[0]}，不区分大小写查找每个敏感词。`, `${WHERE[1]} for each sensitive word, case-insensitively.`],
    solution: ['从发布包中移除命中的内容。', 'Remove the matching content from the release.'],
  },
]);
