/**
 * Unauthenticated or default-credential access to network services. Sources:
 * each product's own security documentation (Redis "Security", PostgreSQL
 * "pg_hba.conf" trust method, MariaDB/MySQL account management, RabbitMQ
 * "Access Control" on the guest user, Mosquitto allow_anonymous, NATS
 * authentication, memcached SASL, RFC 1635 anonymous FTP, Elasticsearch
 * security, Docker "Protect the Docker daemon socket").
 */
import { networkItems } from './define-item.ts';

const steps = (zh: string, en: string): [string, string] => [`连接该端口，${zh}；只做只读的握手或登录，不执行任何修改。`, `Connect to the port and ${en}; only a read-only handshake or login is made, nothing is changed.`];

export const ACCESS_ITEMS = networkItems('access', [
  {
    name: 'redis_unauthenticated',
    risk: 'serious',
    cwe: ['CWE-306'],
    owasp: ['A07:2021'],
    title: ['Redis 未授权访问', 'Redis accessible without authentication', 'Redis 未授權存取', 'Redis に認証なしでアクセス可能'],
    purpose: ['检测 Redis 是否无需密码即可执行命令。', 'Checks whether Redis runs commands without a password.'],
    description: ['未设置密码的 Redis 可被任何能连到端口的人读写全部数据，并可借 CONFIG SET、MODULE LOAD 等写入文件乃至执行代码。', 'A Redis without a password lets anyone who reaches the port read and change all data, and write files or run code through CONFIG SET or MODULE LOAD.'],
    testingSteps: steps('发送只读的 INFO server 命令，观察是否返回 redis_version', 'send the read-only INFO server command and see whether redis_version comes back'),
    solution: ['设置 requirepass 或 ACL 用户，绑定内网地址并开启 protected-mode，用防火墙限制访问来源。', 'Set requirepass or ACL users, bind to internal addresses with protected-mode on, and restrict sources with a firewall.'],
  },
  {
    name: 'postgresql_trust',
    risk: 'serious',
    cwe: ['CWE-306'],
    owasp: ['A07:2021'],
    title: ['PostgreSQL 免密（trust）登录', 'PostgreSQL trust authentication', 'PostgreSQL 免密（trust）登入', 'PostgreSQL が trust 認証'],
    purpose: ['检测 PostgreSQL 是否允许以 postgres 超级用户免密码登录。', 'Checks whether PostgreSQL lets the postgres superuser in without a password.'],
    description: ['pg_hba.conf 中的 trust 方法不校验密码，能连到端口的人即可作为超级用户读取、修改数据并执行系统命令（COPY … PROGRAM）。', 'The trust method of pg_hba.conf checks no password: anyone reaching the port is the superuser and can read and change data and run system commands (COPY … PROGRAM).'],
    testingSteps: steps('以用户 postgres 发送 StartupMessage，观察是否直接返回 AuthenticationOk，随即发送 Terminate', 'send a StartupMessage as user postgres, see whether AuthenticationOk comes back at once, then send Terminate'),
    solution: ['在 pg_hba.conf 中改用 scram-sha-256，仅对本地套接字保留 peer，限制 listen_addresses 与访问来源。', 'Use scram-sha-256 in pg_hba.conf (peer only on the local socket) and restrict listen_addresses and sources.'],
  },
  {
    name: 'mysql_empty_password',
    risk: 'serious',
    cwe: ['CWE-521', 'CWE-306'],
    owasp: ['A07:2021'],
    title: ['MySQL/MariaDB root 空密码', 'MySQL/MariaDB root with an empty password', 'MySQL/MariaDB root 空密碼', 'MySQL/MariaDB の root がパスワードなし'],
    purpose: ['检测数据库是否允许 root 以空密码通过网络登录。', 'Checks whether the database lets root log in over the network with an empty password.'],
    description: ['root 空密码意味着能连到端口的人即拥有数据库的全部权限，可读取、篡改所有数据。', 'An empty root password gives anyone who reaches the port every privilege on the database.'],
    testingSteps: steps('读取服务器握手报文，以 root 和空密码发送 HandshakeResponse41，收到 OK 后立即发送 COM_QUIT', 'read the server handshake, send HandshakeResponse41 as root with an empty password, and send COM_QUIT as soon as OK arrives'),
    solution: ['为 root 设置强密码或改用 unix_socket 认证，删除匿名与远程 root 账号，限制 bind-address。', 'Give root a strong password or unix_socket authentication, remove anonymous and remote root accounts, restrict bind-address.'],
  },
  {
    name: 'amqp_default_credentials',
    risk: 'high',
    cwe: ['CWE-1392'],
    owasp: ['A07:2021'],
    title: ['AMQP 默认账号（guest）可登录', 'AMQP default account (guest) accepted', 'AMQP 預設帳號（guest）可登入', 'AMQP の既定アカウント（guest）でログイン可能'],
    purpose: ['检测消息队列是否接受 RabbitMQ 文档中的默认账号 guest。', 'Checks whether the message broker accepts RabbitMQ\'s documented default account guest.'],
    description: ['默认账号的口令人人皆知，可读取、删除队列中的消息或伪造消息。', 'The default account\'s password is public: anyone can read, purge or forge messages.'],
    testingSteps: steps('发送 AMQP 0-9-1 协议头，以 PLAIN 机制提交默认账号，收到 Connection.Tune 即证明被接受，随后在打开虚拟主机前断开', 'send the AMQP 0-9-1 header and the default account with PLAIN; Connection.Tune proves it was accepted; disconnect before any virtual host is opened'),
    solution: ['删除或禁用 guest 用户，为每个应用建立独立账号与最小权限，并启用 TLS。', 'Delete or disable guest, create one account per application with least privilege, and use TLS.'],
  },
  {
    name: 'mqtt_anonymous',
    risk: 'high',
    cwe: ['CWE-306'],
    owasp: ['A07:2021'],
    title: ['MQTT 允许匿名连接', 'MQTT broker accepts anonymous clients', 'MQTT 允許匿名連線', 'MQTT ブローカーが匿名接続を許可'],
    purpose: ['检测 MQTT 代理是否接受不带用户名和密码的连接。', 'Checks whether the MQTT broker accepts clients without user name and password.'],
    description: ['匿名客户端可订阅全部主题读取设备数据，若无 ACL 还可发布消息控制设备。', 'Anonymous clients can subscribe to every topic and read device data, and without ACLs publish messages that control devices.'],
    testingSteps: steps('发送不带凭据的 CONNECT，观察 CONNACK 返回码是否为 0；接受时只订阅只读的 $SYS/broker/version 以读取版本后断开，从不发布消息', 'send CONNECT without credentials and see whether CONNACK returns 0; when accepted, only subscribe to the read-only $SYS/broker/version for the version and disconnect, never publish'),
    solution: ['关闭匿名访问（如 Mosquitto 的 allow_anonymous false），配置用户认证与主题 ACL，并启用 TLS。', 'Turn anonymous access off (Mosquitto: allow_anonymous false), configure authentication and topic ACLs, and use TLS.'],
  },
  {
    name: 'nats_no_auth',
    risk: 'high',
    cwe: ['CWE-306'],
    owasp: ['A07:2021'],
    title: ['NATS 无需认证', 'NATS without authentication', 'NATS 無需認證', 'NATS が認証なし'],
    purpose: ['检测 NATS 服务是否无需凭据即可建立会话。', 'Checks whether the NATS server opens a session without credentials.'],
    description: ['无需认证的 NATS 允许任何人订阅、发布所有主题，窃听或伪造服务间消息。', 'A NATS server without authentication lets anyone subscribe and publish on every subject, eavesdropping on or forging service messages.'],
    testingSteps: steps('读取 INFO 中的 auth_required，发送不带凭据的 CONNECT 与 PING，收到 PONG 即证明会话已建立', 'read auth_required from INFO, send CONNECT without credentials and PING; PONG proves the session'),
    solution: ['配置 token、用户名密码、NKey 或 JWT 认证，并按账号隔离主题权限。', 'Configure token, user/password, NKey or JWT authentication and per-account subject permissions.'],
  },
  {
    name: 'memcached_unauthenticated',
    risk: 'high',
    cwe: ['CWE-306'],
    owasp: ['A07:2021'],
    title: ['Memcached 未授权访问', 'Memcached accessible without authentication', 'Memcached 未授權存取', 'Memcached に認証なしでアクセス可能'],
    purpose: ['检测 Memcached 文本协议是否对任何客户端开放。', 'Checks whether memcached\'s text protocol answers any client.'],
    description: ['未启用 SASL 的 Memcached 可被任何人读取、清空缓存，UDP 端口还可被用于放大攻击。', 'Memcached without SASL lets anyone read and flush the cache, and its UDP port serves amplification attacks.'],
    testingSteps: steps('发送只读的 version 命令，观察是否返回 VERSION', 'send the read-only version command and see whether VERSION comes back'),
    solution: ['仅监听内网地址，关闭 UDP（-U 0），需要时启用 SASL 认证，用防火墙限制访问来源。', 'Listen on internal addresses only, turn UDP off (-U 0), enable SASL where needed, restrict sources with a firewall.'],
  },
  {
    name: 'ftp_anonymous',
    risk: 'medium',
    cwe: ['CWE-284'],
    owasp: ['A01:2021'],
    title: ['FTP 允许匿名登录', 'FTP allows anonymous login', 'FTP 允許匿名登入', 'FTP が匿名ログインを許可'],
    purpose: ['检测 FTP 服务是否接受 anonymous 登录。', 'Checks whether the FTP server accepts the anonymous login.'],
    description: ['匿名 FTP 可能泄露文件，若目录可写还可被用来存放恶意文件。', 'Anonymous FTP may leak files and, with a writable folder, host malicious ones.'],
    testingSteps: steps('发送 USER anonymous 与 PASS，观察是否返回 230，随后发送 QUIT', 'send USER anonymous and PASS, see whether 230 comes back, then send QUIT'),
    solution: ['关闭匿名访问（如 vsftpd 的 anonymous_enable=NO），改用 SFTP 或 FTPS。', 'Turn anonymous access off (vsftpd: anonymous_enable=NO) and use SFTP or FTPS.'],
  },
  {
    name: 'elasticsearch_unauthenticated',
    risk: 'high',
    cwe: ['CWE-306'],
    owasp: ['A07:2021'],
    title: ['Elasticsearch 未授权访问', 'Elasticsearch accessible without authentication', 'Elasticsearch 未授權存取', 'Elasticsearch に認証なしでアクセス可能'],
    purpose: ['检测 Elasticsearch/OpenSearch 的 REST 接口是否无需认证。', 'Checks whether the Elasticsearch/OpenSearch REST API needs no authentication.'],
    description: ['未启用安全功能的集群可被任何人读取、删除全部索引。', 'A cluster without security lets anyone read and delete every index.'],
    testingSteps: steps('发送 GET /，观察是否以 200 返回集群名与版本', 'send GET / and see whether the cluster name and version come back with 200'),
    solution: ['启用 xpack.security（或 OpenSearch 安全插件）、TLS 与用户认证，仅在内网监听。', 'Enable xpack.security (or the OpenSearch security plugin), TLS and authentication, and listen internally only.'],
  },
  {
    name: 'docker_api_unauthenticated',
    risk: 'serious',
    cwe: ['CWE-306'],
    owasp: ['A05:2021'],
    title: ['Docker Engine API 未授权访问', 'Docker Engine API without authentication', 'Docker Engine API 未授權存取', 'Docker Engine API に認証なしでアクセス可能'],
    purpose: ['检测 Docker 守护进程的 TCP 接口是否无需 TLS 客户端证书。', 'Checks whether the Docker daemon\'s TCP API needs no TLS client certificate.'],
    description: ['开放的 Docker API 等同于宿主机 root 权限：可启动挂载宿主机根目录的特权容器。', 'An open Docker API is root on the host: anyone can start a privileged container mounting the host\'s root.'],
    testingSteps: steps('发送 GET /version，观察是否返回 ApiVersion', 'send GET /version and see whether ApiVersion comes back'),
    solution: ['不要在 TCP 上暴露 Docker 守护进程；必须暴露时启用 tlsverify 与客户端证书。', 'Do not expose the Docker daemon over TCP; if you must, use tlsverify with client certificates.'],
  },
]);
