/**
 * SMB items of the network platform. Sources: [MS-SMB2] §3.3.5.4 (signing
 * required in the NEGOTIATE security mode), [MS-NLMP] §3.1.5.1.2 (anonymous
 * authentication), Microsoft "Stop using SMB1" and MS17-010 / CVE-2017-0144
 * (EternalBlue, SMB1), CIS Microsoft Windows Server benchmark 2.3.8/2.3.9
 * (always digitally sign communications) and 2.3.10 (restrict anonymous
 * access to named pipes and shares), Samba smb.conf "server min protocol",
 * "server signing" and "restrict anonymous".
 */
import type { TranslationTable } from '@citadel/engine-core';
import { networkItems } from './define-item.ts';

const ro: [string, string] = ['只做协议协商与匿名登录，不打开、读取或写入任何共享。', 'Only negotiation and an anonymous logon are made; no share is opened, read or written.'];

export const SMB_ITEMS = [
  ...networkItems('access', [
    {
      name: 'smb_null_session',
      risk: 'high',
      cwe: ['CWE-306'],
      owasp: ['A07:2021'],
      title: ['SMB 允许空会话', 'SMB accepts a null session', 'SMB 允許空工作階段', 'SMB が NULL セッションを受け入れる'],
      purpose: ['检测 SMB 服务是否接受匿名（空用户名、空口令）登录并允许连接 IPC$。', 'Checks whether the SMB service accepts an anonymous logon (empty user name and password) and a connection to IPC$.'],
      description: ['空会话让任何能连到 445 端口的人通过 IPC$ 上的命名管道（SAMR、LSARPC、SRVSVC）枚举用户、组、共享与域信息，为口令猜测和横向移动提供线索。', 'A null session lets anyone who reaches port 445 enumerate users, groups, shares and domain information through the named pipes on IPC$ (SAMR, LSARPC, SRVSVC), which feeds password guessing and lateral movement.'],
      testingSteps: [`发送 SMB2 NEGOTIATE，再以 NTLMSSP 匿名身份（空用户、空域、LM 响应为一个零字节、无 NT 响应）完成 SESSION_SETUP，然后 TREE_CONNECT 到 \\\\主机\\IPC$，返回 STATUS_SUCCESS 即证明空会话；${ro[0]}`, `Send SMB2 NEGOTIATE, complete SESSION_SETUP with the NTLMSSP anonymous identity (empty user and domain, LM response one zero byte, no NT response), then TREE_CONNECT to \\\\host\\IPC$; STATUS_SUCCESS proves the null session. ${ro[1]}`],
      solution: ['Windows：启用“网络访问：限制对命名管道和共享的匿名访问”，RestrictAnonymous=1；Samba：设置 restrict anonymous = 2，并用防火墙限制 445 端口的访问来源。', 'Windows: enable "Network access: Restrict anonymous access to Named Pipes and Shares" and RestrictAnonymous=1; Samba: set restrict anonymous = 2; restrict port 445 to the hosts that need it with a firewall.'],
    },
  ]),
  ...networkItems('service', [
    {
      name: 'smb1_enabled',
      risk: 'high',
      cwe: ['CWE-477'],
      owasp: ['A06:2021'],
      title: ['SMB 服务仍启用 SMBv1', 'SMB server still speaks SMBv1', 'SMB 服務仍啟用 SMBv1', 'SMB サーバーが SMBv1 を受け入れる'],
      purpose: ['检测 SMB 服务是否仍接受 SMBv1（NT LM 0.12）协商。', 'Checks whether the SMB server still accepts an SMBv1 (NT LM 0.12) negotiation.'],
      description: ['SMBv1 没有完整性保护与现代加密，EternalBlue（MS17-010，CVE-2017-0144）等漏洞与 WannaCry、NotPetya 蠕虫都经由 SMBv1 传播；微软已弃用并默认关闭该协议。', 'SMBv1 has no modern integrity protection or encryption; EternalBlue (MS17-010, CVE-2017-0144) and the WannaCry and NotPetya worms spread through it; Microsoft has deprecated it and disables it by default.'],
      testingSteps: [`在新连接上发送只列出 "NT LM 0.12" 方言的 SMB1 NEGOTIATE，服务器选中该方言即说明 SMBv1 已启用；${ro[0]}`, `On a new connection send an SMB1 NEGOTIATE listing only the "NT LM 0.12" dialect; the server choosing it means SMBv1 is enabled. ${ro[1]}`],
      solution: ['Windows：Set-SmbServerConfiguration -EnableSMB1Protocol $false 并卸载 SMB1 功能；Samba：设置 server min protocol = SMB2_10 或更高。', 'Windows: Set-SmbServerConfiguration -EnableSMB1Protocol $false and remove the SMB1 feature; Samba: set server min protocol = SMB2_10 or higher.'],
    },
    {
      name: 'smb_signing_not_required',
      risk: 'medium',
      cwe: ['CWE-345'],
      owasp: ['A02:2021'],
      title: ['SMB 未强制签名', 'SMB signing not required', 'SMB 未強制簽章', 'SMB 署名が必須になっていない'],
      purpose: ['检测 SMB 服务在协商中是否要求消息签名。', 'Checks whether the SMB server requires message signing in its negotiation.'],
      description: ['不要求签名时，处于网络中间位置的攻击者可以篡改 SMB 消息或实施 NTLM 中继（如中继到该服务器执行操作）。', 'Without required signing, an attacker in the network path can alter SMB messages or relay NTLM authentications to the server (NTLM relay).'],
      testingSteps: [`发送 SMB2 NEGOTIATE，读取响应中的 SecurityMode，未置位 SIGNING_REQUIRED 即判定为未强制签名；${ro[0]}`, `Send SMB2 NEGOTIATE and read SecurityMode in the answer; SIGNING_REQUIRED not set means signing is not required. ${ro[1]}`],
      solution: ['Windows：启用“Microsoft 网络服务器：对通信进行数字签名（始终）”；Samba：设置 server signing = mandatory。', 'Windows: enable "Microsoft network server: Digitally sign communications (always)"; Samba: set server signing = mandatory.'],
    },
  ]),
];

const RO = 'ネゴシエーションと匿名ログオンのみを行い、共有を開いたり読み書きしたりはしません。';

export const JA_SMB_TEXTS: TranslationTable = {
  'access.smb_null_session': {
    purpose: 'SMB サービスが匿名（空のユーザー名とパスワード）のログオンと IPC$ への接続を受け入れるかを確認します。',
    description: 'NULL セッションでは、ポート 445 に到達できる誰もが IPC$ 上の名前付きパイプ（SAMR、LSARPC、SRVSVC）を通じてユーザー、グループ、共有、ドメイン情報を列挙でき、パスワード推測や横展開の手掛かりになります。',
    testingSteps: `SMB2 NEGOTIATE を送り、NTLMSSP の匿名 ID（空のユーザーとドメイン、LM 応答は 0 の 1 バイト、NT 応答なし）で SESSION_SETUP を完了し、\\\\ホスト\\IPC$ に TREE_CONNECT します。STATUS_SUCCESS が返れば NULL セッションが証明されます。${RO}`,
    solution: 'Windows では「ネットワーク アクセス: 名前付きパイプと共有への匿名アクセスを制限する」を有効にし RestrictAnonymous=1 に、Samba では restrict anonymous = 2 を設定し、ファイアウォールでポート 445 への接続元を制限してください。',
  },
  'service.smb1_enabled': {
    purpose: 'SMB サーバーが SMBv1（NT LM 0.12）のネゴシエーションをまだ受け入れるかを確認します。',
    description: 'SMBv1 には現代的な完全性保護や暗号化がなく、EternalBlue（MS17-010、CVE-2017-0144）や WannaCry、NotPetya ワームはこれを通じて拡散しました。Microsoft は非推奨とし既定で無効にしています。',
    testingSteps: `新しい接続で "NT LM 0.12" ダイアレクトのみを並べた SMB1 NEGOTIATE を送り、サーバーがそれを選べば SMBv1 が有効と判断します。${RO}`,
    solution: 'Windows では Set-SmbServerConfiguration -EnableSMB1Protocol $false を実行して SMB1 機能を削除し、Samba では server min protocol = SMB2_10 以上を設定してください。',
  },
  'service.smb_signing_not_required': {
    purpose: 'SMB サーバーがネゴシエーションでメッセージ署名を必須にしているかを確認します。',
    description: '署名が必須でない場合、通信経路上の攻撃者は SMB メッセージを改ざんしたり、NTLM 認証をサーバーへ中継（NTLM リレー）したりできます。',
    testingSteps: `SMB2 NEGOTIATE を送り、応答の SecurityMode を読み取ります。SIGNING_REQUIRED が立っていなければ署名は必須ではありません。${RO}`,
    solution: 'Windows では「Microsoft ネットワーク サーバー: 常に通信にデジタル署名を行う」を有効にし、Samba では server signing = mandatory を設定してください。',
  },
};
