/** Communication: endpoints of the request/socket/upload/download calls and the code at large. */
import { items } from './define-item.ts';

const CALLS: [string, string] = ['wx.request / connectSocket / uploadFile / downloadFile、my.request / httpRequest / connectSocket 等网络接口', 'wx.request / connectSocket / uploadFile / downloadFile, my.request / httpRequest / connectSocket and other network APIs'];

export const NETWORK_ITEMS = items('network', [
  {
    name: 'cleartext_endpoints',
    risk: 'medium',
    cwe: ['CWE-319'],
    owasp: ['MASVS-NETWORK-1', 'M5:2024'],
    title: ['使用明文 HTTP / WS 地址', 'Cleartext http:// and ws:// endpoints', '使用明文 HTTP / WS 位址', '平文の http:// / ws:// エンドポイント'],
    purpose: ['列出代码与配置中的 http:// 和 ws:// 地址，标出网络接口直接请求的明文地址。', 'Lists http:// and ws:// addresses in code and configuration, marking those the network APIs call directly.'],
    description: [
      '明文传输的数据可被同一网络中的攻击者窃听和篡改；正式版小程序要求 HTTPS/WSS，明文地址通常意味着调试残留、web-view 外链或绕过了域名校验。',
      'Cleartext traffic can be read and changed by anyone on the network; released mini-programs must use HTTPS/WSS, so cleartext addresses usually mean debug leftovers, web-view links or disabled domain checks.',
    ],
    testingSteps: [`对 JS 做词法分析，提取${CALLS[0]}的 url 参数；并在全部文本中提取 http:// 与 ws:// URL（排除 XML 命名空间等引用地址）。`, `Tokenise the JS and take the url argument of ${CALLS[1]}; also extract http:// and ws:// URLs from all text (leaving out XML namespaces and other reference URLs).`],
    solution: ['所有服务地址使用 HTTPS / WSS，并在后台配置合法域名。', 'Use HTTPS / WSS for every endpoint and register the domains on the platform.'],
  },
  {
    name: 'ip_addresses',
    risk: 'low',
    cwe: ['CWE-200'],
    owasp: ['MASVS-NETWORK-1'],
    title: ['硬编码 IP 地址', 'Hard-coded IP addresses', '硬編碼 IP 位址', 'ハードコードされた IP アドレス'],
    purpose: ['列出代码中的 IP 地址（含内网地址）。', 'Lists IP addresses in the code, private ones included.'],
    description: ['直接使用 IP 的服务无法通过域名证书校验，内网与测试地址会暴露后端结构。', 'Services reached by IP cannot pass certificate host checks, and private or test addresses reveal the back end.'],
    testingSteps: ['在全部文本中提取 IPv4/IPv6 地址并按公网、内网、回环分类，排除版本号形态的误报。', 'Extract IPv4/IPv6 addresses from all text, classify them public/private/loopback and leave out version-number look-alikes.'],
    solution: ['使用已备案并配置为合法域名的 HTTPS 域名，移除测试与内网地址。', 'Use registered HTTPS domains configured as allowed domains; remove test and private addresses.'],
  },
  {
    name: 'request_domains',
    risk: 'info',
    cwe: ['CWE-200'],
    owasp: ['MASVS-NETWORK-1'],
    title: ['网络请求使用的域名', 'Domains used by network calls', '網路請求使用的網域', 'ネットワーク呼び出しで使われるドメイン'],
    purpose: [`列出${CALLS[0]}请求的域名与地址，供与后台配置的合法域名核对。`, `Lists the domains and addresses ${CALLS[1]} call, to compare with the domains allowed on the platform.`],
    description: ['了解小程序实际连接的服务器是安全审查与合规（数据出境、第三方共享）的基础。', 'Knowing the servers a mini-program talks to underlies security review and compliance (cross-border transfer, third-party sharing).'],
    testingSteps: [`对 JS 做词法分析，找到${CALLS[0]}调用，取其 url 字面量（含字符串拼接的首段）。`, `Tokenise the JS, find the calls of ${CALLS[1]} and take their literal url (the first part of a concatenation).`],
    solution: ['确认每个域名均为预期的业务服务器并已配置为合法域名。', 'Confirm every domain is an expected server and registered as an allowed domain.'],
  },
  {
    name: 'third_party_endpoints',
    risk: 'info',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['第三方服务地址', 'Third-party service endpoints', '第三方服務位址', 'サードパーティサービスのエンドポイント'],
    purpose: ['识别统计、地图、云存储、监控等第三方服务的地址。', 'Recognises addresses of analytics, maps, cloud storage, monitoring and similar third-party services.'],
    description: ['向第三方服务发送数据属于个人信息共享，需要在隐私政策中披露并取得同意。', 'Sending data to third-party services is sharing personal information and must be disclosed in the privacy policy and consented to.'],
    testingSteps: ['将代码中出现的 URL 域名与已知第三方服务域名表比对。', 'Match the domains of URLs in the code against a table of known third-party service domains.'],
    solution: ['在隐私政策与用户隐私保护指引中列明第三方及共享的数据，去除不再使用的第三方服务。', 'List the third parties and shared data in the privacy policy and guidelines; remove unused services.'],
  },
  {
    name: 'server_api_in_client',
    risk: 'high',
    cwe: ['CWE-602', 'CWE-798'],
    owasp: ['MASVS-AUTH-1', 'M1:2024'],
    title: ['客户端直接调用平台服务端接口', 'Client calls server-only platform APIs', '用戶端直接呼叫平台伺服器端介面', 'クライアントがサーバー専用のプラットフォーム API を直接呼び出す'],
    purpose: ['检测小程序是否直接请求只应由服务端调用的平台接口（code2Session、获取 access_token、微信支付商户接口、支付宝开放平台网关）。', 'Finds requests from the mini-program to platform APIs meant for servers only (code2Session, access_token, WeChat Pay merchant API, Alipay open-platform gateway).'],
    description: ['这些接口需要 AppSecret、商户密钥或应用私钥，客户端能调用就说明密钥在包内或可被截获。', 'These APIs need the AppSecret, merchant key or application private key; a client that calls them carries the secret or exposes it.'],
    testingSteps: ['在全部文本中查找 api.weixin.qq.com/sns/jscode2session、/cgi-bin/token、api.mch.weixin.qq.com、openapi.alipay.com/gateway.do 等地址。', 'Look for api.weixin.qq.com/sns/jscode2session, /cgi-bin/token, api.mch.weixin.qq.com, openapi.alipay.com/gateway.do and similar addresses in all text.'],
    solution: ['将这些调用移到自有服务端，并重置已暴露的密钥。', 'Move these calls to your own server and reset exposed secrets.'],
  },
  {
    name: 'tls_verification_disabled',
    risk: 'high',
    cwe: ['CWE-295'],
    owasp: ['MASVS-NETWORK-1', 'M5:2024'],
    title: ['关闭了证书或域名校验', 'Certificate or domain checks disabled', '關閉了憑證或網域校驗', '証明書またはドメインの検証が無効'],
    purpose: ['检测关闭 HTTPS 证书校验或合法域名校验的配置与代码。', 'Finds configuration and code that turn off HTTPS certificate checks or allowed-domain checks.'],
    description: [
      'project.config.json 中 urlCheck 为 false 时开发工具不校验合法域名、TLS 版本与 HTTPS 证书；代码中 sslVerify: false、rejectUnauthorized: false 会接受任意证书，通信可被中间人攻击。',
      'urlCheck: false in project.config.json makes the tools skip allowed-domain, TLS version and HTTPS certificate checks; sslVerify: false or rejectUnauthorized: false in code accepts any certificate, opening traffic to man-in-the-middle attacks.',
    ],
    testingSteps: ['读取 project.config.json 的 setting.urlCheck；对 JS 做词法分析查找 sslVerify / rejectUnauthorized 等被设为 false 的属性。', 'Read setting.urlCheck in project.config.json; tokenise the JS for sslVerify / rejectUnauthorized and similar properties set to false.'],
    solution: ['发布配置开启域名与证书校验，删除关闭证书校验的参数。', 'Keep domain and certificate checks on in release settings and remove the parameters that disable them.'],
  },
]);
