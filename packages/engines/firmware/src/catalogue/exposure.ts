/** Network services started at boot, secrets in the image and the web interface. */
import { IOT_TOP10, firmwareItems } from './define-item.ts';

export const NETWORK = firmwareItems('network', [
  {
    name: 'telnet',
    risk: 'high',
    cwe: ['CWE-319'],
    owasp: ['A05:2021'],
    title: ['Telnet 服务', 'Telnet service', 'Telnet 服務', 'Telnet サービス'],
    purpose: ['查找开机启动或随附的 telnetd。', 'Finds telnetd started at boot or shipped in the image.', '起動時に開始される、または同梱されている telnetd を検出します。'],
    description: ['Telnet 明文传输口令，并且是 Mirai 等僵尸网络的主要入口。', 'Telnet sends passwords in clear text and is the main way in for botnets such as Mirai.', 'Telnet はパスワードを平文で送信し、Mirai などのボットネットの主な侵入口です。'],
    testingSteps: ['解析 inittab、rcS、init.d 与 inetd.conf 中启动的服务，并查找 telnetd 程序与 BusyBox telnetd 小程序。', 'Parse services started from inittab, rcS, init.d and inetd.conf, and look for telnetd programs and the BusyBox telnetd applet.', 'inittab、rcS、init.d、inetd.conf から起動されるサービスを解析し、telnetd プログラムと BusyBox の telnetd アプレットを探します。'],
    solution: ['移除 telnetd，改用 SSH 并限制只能从局域网访问。', 'Remove telnetd; use SSH limited to the local network instead.', 'telnetd を削除し、代わりに LAN からのみ接続できる SSH を使ってください。'],
    references: [IOT_TOP10],
  },
  {
    name: 'services',
    risk: 'info',
    cwe: ['CWE-1327'],
    owasp: ['A05:2021'],
    title: ['开机启动的网络服务', 'Network services started at boot', '開機啟動的網路服務', '起動時に開始されるネットワークサービス'],
    purpose: ['列出启动脚本拉起的 Web、SSH、UPnP、TR-069、TFTP、DNS/DHCP 等服务。', 'Lists the web, SSH, UPnP, TR-069, TFTP, DNS/DHCP and other services the start scripts launch.', '起動スクリプトが開始する Web、SSH、UPnP、TR-069、TFTP、DNS/DHCP などのサービスを一覧にします。'],
    description: ['每个对外服务都是攻击面，UPnP 与 TR-069 曾多次被用于远程入侵路由器。', 'Every service is attack surface; UPnP and TR-069 have been used to break into routers remotely many times.', 'すべてのサービスが攻撃対象領域です。UPnP と TR-069 はルーターへの遠隔侵入に何度も使われてきました。'],
    testingSteps: ['解析启动脚本中的命令行，按服务程序名分类。', 'Parse command lines in the start scripts and classify them by program name.', '起動スクリプトのコマンドラインを解析し、プログラム名で分類します。'],
    solution: ['关闭不需要的服务，WAN 侧只开放必要端口。', 'Turn off services that are not needed and expose only what is necessary on the WAN side.', '不要なサービスを停止し、WAN 側には必要なポートだけを開けてください。'],
  },
]);

export const SECRETS = firmwareItems('secrets', [
  {
    name: 'private_keys',
    risk: 'high',
    cwe: ['CWE-321'],
    owasp: ['A02:2021'],
    title: ['内置私钥', 'Embedded private keys', '內建私鑰', '組み込まれた秘密鍵'],
    purpose: ['查找固件中的 PEM/DER 私钥（并给出指纹以便在多份固件间比对）。', 'Finds PEM/DER private keys in the image (with a fingerprint to compare across images).', 'イメージ内の PEM/DER 秘密鍵を検出します（複数のイメージ間で比較できるよう指紋を示します）。'],
    description: ['同一型号的所有设备共用固件中的私钥，任何人提取后都可解密 HTTPS 流量或冒充设备。', 'Every device of the model shares the key in the image: anyone who extracts it can decrypt HTTPS traffic or impersonate the device.', '同じモデルのすべての機器がイメージ内の鍵を共有するため、抽出すれば誰でも HTTPS 通信を復号したり機器になりすましたりできます。'],
    testingSteps: ['在全部文件中查找 PEM 私钥块，计算其 SHA-256 指纹。', 'Search every file for PEM private key blocks and compute their SHA-256 fingerprints.', 'すべてのファイルから PEM 秘密鍵ブロックを探し、SHA-256 指紋を計算します。'],
    solution: ['在设备首次启动时生成唯一密钥，不要随固件分发私钥。', 'Generate a unique key on the device at first boot; never ship private keys in firmware.', '初回起動時に機器ごとに固有の鍵を生成し、秘密鍵をファームウェアで配布しないでください。'],
  },
  {
    name: 'certificates',
    risk: 'low',
    cwe: ['CWE-295'],
    owasp: ['A02:2021'],
    title: ['证书问题', 'Certificate problems', '憑證問題', '証明書の問題'],
    purpose: ['检查内置证书的有效期、密钥长度与签名算法。', 'Checks embedded certificates for expiry, key size and signature algorithm.', '組み込み証明書の有効期限、鍵長、署名アルゴリズムを検査します。'],
    description: ['过期证书、1024 位以下 RSA 密钥或 MD5/SHA-1 签名会削弱 TLS 的保护。', 'Expired certificates, RSA keys below 2048 bits and MD5/SHA-1 signatures weaken TLS.', '期限切れの証明書、2048 ビット未満の RSA 鍵、MD5/SHA-1 署名は TLS の保護を弱めます。'],
    testingSteps: ['解析 PEM 证书的 X.509 字段。', 'Parse the X.509 fields of PEM certificates.', 'PEM 証明書の X.509 フィールドを解析します。'],
    solution: ['使用 2048 位以上 RSA 或 ECDSA 密钥与 SHA-256 签名，及时更换过期证书。', 'Use RSA 2048+ or ECDSA keys with SHA-256 signatures and replace expired certificates.', '2048 ビット以上の RSA または ECDSA 鍵と SHA-256 署名を使い、期限切れの証明書を更新してください。'],
  },
  {
    name: 'hardcoded_credentials',
    risk: 'high',
    cwe: ['CWE-798'],
    owasp: ['A07:2021'],
    title: ['硬编码凭据', 'Hard-coded credentials', '硬編碼憑證', 'ハードコードされた認証情報'],
    purpose: ['在脚本、配置与二进制字符串中查找口令赋值、带口令的 URL 与云服务密钥。', 'Finds password assignments, URLs with passwords and cloud keys in scripts, configuration and binary strings.', 'スクリプト、設定、バイナリの文字列からパスワードの代入、パスワード付き URL、クラウドの鍵を検出します。'],
    description: ['厂商维护账号、默认 Wi-Fi 密钥与云服务密钥写在固件中即等同公开。', 'Vendor maintenance accounts, default Wi-Fi keys and cloud keys written into firmware are as good as public.', 'ファームウェアに書かれたベンダーの保守アカウント、既定の Wi-Fi キー、クラウドの鍵は公開されているのと同じです。'],
    testingSteps: ['按已知密钥格式与 password/passwd/pwd 赋值模式匹配文本，排除占位符。', 'Match known key formats and password/passwd/pwd assignments in text, ignoring placeholders.', '既知の鍵形式と password/passwd/pwd の代入パターンでテキストを照合し、プレースホルダーは除外します。'],
    solution: ['删除硬编码凭据，改为设备唯一的随机值并在首次使用时设置。', 'Remove hard-coded credentials in favour of random per-device values set at first use.', 'ハードコードされた認証情報を削除し、初回利用時に設定する機器固有のランダム値にしてください。'],
    references: [IOT_TOP10],
  },
]);

export const WEB = firmwareItems('web', [
  {
    name: 'interface',
    risk: 'info',
    cwe: [],
    owasp: [],
    title: ['Web 管理界面', 'Web management interface', 'Web 管理介面', 'Web 管理インターフェース'],
    purpose: ['列出 Web 根目录、CGI 程序与页面数量。', 'Lists web roots, CGI programs and the number of pages.', 'Web ルート、CGI プログラム、ページ数を一覧にします。'],
    description: ['Web 管理界面是路由器最常被攻击的入口，需重点审计其 CGI 与认证。', 'The web interface is the most attacked way into a router; its CGI programs and authentication deserve the closest review.', 'Web 管理画面はルーターで最も攻撃される入口であり、CGI と認証を重点的に監査すべきです。'],
    testingSteps: ['按目录名（www、web、htdocs、cgi-bin）与文件类型识别 Web 内容。', 'Recognise web content by directory names (www, web, htdocs, cgi-bin) and file types.', 'ディレクトリ名（www、web、htdocs、cgi-bin）とファイル種別で Web コンテンツを識別します。'],
    solution: ['无需处理；请结合下方命令执行检查审计 CGI。', 'Nothing to fix; review the CGI programs together with the command-execution check.', '対応は不要です。コマンド実行の検査と合わせて CGI を監査してください。'],
  },
  {
    name: 'command_execution',
    risk: 'high',
    cwe: ['CWE-78'],
    owasp: ['A03:2021'],
    title: ['Web/UPnP 服务中的命令拼接', 'Command building in web and UPnP services', 'Web/UPnP 服務中的命令拼接', 'Web/UPnP サービスでのコマンド組み立て'],
    purpose: ['查找对外服务中拼接外部输入后交给 Shell 执行的模式。', 'Finds patterns where network services paste outside input into shell commands.', 'ネットワークサービスが外部入力をシェルコマンドに連結して実行するパターンを検出します。'],
    description: ['CGI 脚本中 eval/反引号使用请求参数，或服务程序以 "%s" 格式串拼接 wget、ping 等命令并调用 system/popen，是路由器远程命令注入（如 CVE-2017-17215）的典型根源。', 'Shell CGIs that use request parameters in eval or backticks, and services that build wget, ping and similar commands with "%s" format strings and run them with system/popen, are the usual root of remote command injection in routers (e.g. CVE-2017-17215).', 'リクエストパラメータを eval やバッククォートで使うシェル CGI や、wget や ping などのコマンドを "%s" 書式文字列で組み立てて system/popen で実行するサービスは、ルーターの遠隔コマンドインジェクション（例: CVE-2017-17215）の典型的な原因です。'],
    testingSteps: ['在 CGI 脚本中查找 QUERY_STRING/请求参数进入 eval、反引号或 $(…)；在导入 system/popen 的服务程序中查找带 %s 的命令格式串。', 'In CGI scripts, look for QUERY_STRING or request parameters reaching eval, backticks or $(…); in services importing system/popen, look for command format strings with %s.', 'CGI スクリプトでは QUERY_STRING やリクエストパラメータが eval、バッククォート、$(…) に渡る箇所を、system/popen をインポートするサービスでは %s を含むコマンドの書式文字列を探します。'],
    solution: ['不要经 Shell 执行命令；必须执行时使用参数数组并对输入做白名单校验。', 'Do not run commands through a shell; where a command is needed, pass an argument array and validate input against an allow-list.', 'シェル経由でコマンドを実行しないでください。必要な場合は引数配列を渡し、入力を許可リストで検証してください。'],
  },
]);
