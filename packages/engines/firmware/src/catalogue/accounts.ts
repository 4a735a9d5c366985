/** Accounts and passwords in /etc/passwd, /etc/shadow and vendor configuration files. */
import { IOT_TOP10, firmwareItems } from './define-item.ts';

const STEPS_FILES = 'passwd、shadow、passwd.bak、htpasswd 与厂商默认配置';

export const ACCOUNTS = firmwareItems('accounts', [
  {
    name: 'empty_password',
    risk: 'serious',
    cwe: ['CWE-258'],
    owasp: ['A07:2021'],
    title: ['空口令账号', 'Accounts without a password', '空密碼帳號', 'パスワードのないアカウント'],
    purpose: ['查找口令字段为空的账号。', 'Finds accounts whose password field is empty.', 'パスワード欄が空のアカウントを検出します。'],
    description: ['口令为空的账号可在 telnet、串口或 Web 登录时直接进入系统。', 'An account with an empty password lets anyone in over telnet, the serial console or the web login.', 'パスワードが空のアカウントでは、telnet、シリアルコンソール、Web ログインから誰でも入れます。'],
    testingSteps: [`解析 ${STEPS_FILES}，检查口令字段为空的条目。`, 'Parse passwd, shadow, passwd.bak, htpasswd and vendor default configuration, and look for empty password fields.', 'passwd、shadow、passwd.bak、htpasswd、ベンダーの既定設定を解析し、空のパスワード欄を探します。'],
    solution: ['为所有账号设置强口令或锁定（*、!），首次使用时强制修改。', 'Give every account a strong password or lock it (*, !), and force a change at first use.', 'すべてのアカウントに強いパスワードを設定するかロック（*、!）し、初回利用時に変更を強制してください。'],
    references: [IOT_TOP10],
  },
  {
    name: 'default_password',
    risk: 'serious',
    cwe: ['CWE-1392', 'CWE-798'],
    owasp: ['A07:2021'],
    title: ['默认或常见口令', 'Default or common passwords', '預設或常見密碼', '既定または一般的なパスワード'],
    purpose: ['用内置的厂商默认口令字典破解口令散列（输出中口令已打码）。', 'Cracks password hashes with the bundled list of vendor default passwords (passwords are masked in the output).', '同梱のベンダー既定パスワード一覧でパスワードハッシュを解読します（出力ではパスワードを伏せ字にします）。'],
    description: ['出厂默认口令在网上公开，Mirai 等僵尸网络正是用这类字典批量登录设备。', 'Factory passwords are public; botnets such as Mirai log in to devices at scale with exactly such lists.', '工場出荷時のパスワードは公開されており、Mirai などのボットネットはまさにこうした一覧で機器に大量ログインします。'],
    testingSteps: ['对 DES、MD5-crypt 与明文口令逐一尝试字典中的口令，命中时只输出首尾字符。', 'Try every password of the list against DES, MD5-crypt and plain-text entries; a hit is shown with only its first and last characters.', 'DES、MD5-crypt、平文のエントリに一覧のパスワードを順に試し、一致した場合は先頭と末尾の文字だけを表示します。'],
    solution: ['取消固定口令，出厂时为每台设备生成随机口令或强制首次登录修改。', 'Remove fixed passwords: generate a random password per device at the factory or force a change at first login.', '固定パスワードを廃止し、工場で機器ごとにランダムなパスワードを生成するか、初回ログイン時に変更を強制してください。'],
    references: [IOT_TOP10],
  },
  {
    name: 'weak_hash',
    risk: 'medium',
    cwe: ['CWE-916'],
    owasp: ['A02:2021'],
    title: ['弱口令散列算法', 'Weak password hashing', '弱密碼雜湊演算法', '弱いパスワードハッシュ'],
    purpose: ['查找使用 DES crypt、MD5-crypt 或明文保存的口令。', 'Finds passwords stored with DES crypt, MD5-crypt or in plain text.', 'DES crypt、MD5-crypt、または平文で保存されたパスワードを検出します。'],
    description: ['DES crypt 只使用口令前 8 个字符，MD5-crypt 的计算量很低，二者都可在短时间内被暴力破解。', 'DES crypt uses only the first 8 characters and MD5-crypt costs very little to compute; both fall to brute force quickly.', 'DES crypt はパスワードの先頭 8 文字しか使わず、MD5-crypt は計算コストが非常に低いため、いずれも短時間で総当たりにより破られます。'],
    testingSteps: ['按散列前缀识别算法：无前缀 13 字符为 DES，$1$ 为 MD5-crypt，$5$/$6$ 为 SHA-crypt。', 'Tell the scheme by the hash prefix: 13 characters without prefix is DES, $1$ MD5-crypt, $5$/$6$ SHA-crypt.', 'ハッシュの接頭辞で方式を判別します。接頭辞なしの 13 文字は DES、$1$ は MD5-crypt、$5$/$6$ は SHA-crypt です。'],
    solution: ['使用 SHA-512 crypt（$6$）、yescrypt 或 bcrypt 保存口令。', 'Store passwords with SHA-512 crypt ($6$), yescrypt or bcrypt.', 'パスワードは SHA-512 crypt（$6$）、yescrypt、bcrypt で保存してください。'],
  },
  {
    name: 'login_shells',
    risk: 'low',
    cwe: ['CWE-250'],
    owasp: ['A05:2021'],
    title: ['可登录 Shell 的账号', 'Accounts with login shells', '可登入 Shell 的帳號', 'ログインシェルを持つアカウント'],
    purpose: ['列出拥有交互式 Shell 的账号，以及 root 以外 UID 为 0 的账号。', 'Lists accounts with interactive shells, and accounts other than root with UID 0.', '対話型シェルを持つアカウントと、root 以外で UID 0 のアカウントを一覧にします。'],
    description: ['服务账号不应拥有可登录的 Shell；多个 UID 0 账号会扩大特权入口。', 'Service accounts should not have a login shell; several UID 0 accounts widen the ways into root.', 'サービスアカウントにログインシェルは不要です。UID 0 のアカウントが複数あると特権への入口が広がります。'],
    testingSteps: ['解析 passwd 的 UID 与 Shell 字段。', 'Parse the UID and shell fields of passwd.', 'passwd の UID とシェルの欄を解析します。'],
    solution: ['将服务账号的 Shell 设为 /bin/false 或 nologin，只保留一个 UID 0 账号。', 'Set service accounts\' shell to /bin/false or nologin and keep a single UID 0 account.', 'サービスアカウントのシェルを /bin/false または nologin にし、UID 0 のアカウントは 1 つだけにしてください。'],
  },
]);
