import type { TranslationTable } from '@citadel/engine-core';

const HS = 'ハンドシェイクのみを行い、アプリケーションデータは送信しません。';

/** Japanese texts of the TLS, database, UDP and ICS protocol items added with those modules (keys without platform prefix). */
const RO = '読み取り専用のハンドシェイクまたはログインのみを行い、何も変更しません。';

export const JA_PROTOCOL_TEXTS: TranslationTable = {
  'access.snmp_default_community': {
    purpose: 'SNMP エージェントがコミュニティ名 public または private を受け入れるかを確認します。',
    description: 'SNMP v1/v2c のコミュニティ名は平文のパスワードであり、既定値のままでは誰でも機器の設定、インターフェース、経路、プロセス情報を読み取れます。private では設定の書き込みも許されることが多いです。',
    testingSteps: 'UDP ポートに v2c と v1 で sysDescr、sysObjectID、sysName、sysLocation の GetRequest を public と private でそれぞれ送信します。読み取り要求のみを送り、SetRequest は一切送りません。',
    solution: 'SNMPv3（認証と暗号化）に移行するか、少なくとも推測困難なコミュニティ名を設定し、アクセスリストで管理ステーションを制限してください。',
  },
  'service.dns_open_recursion': {
    purpose: 'DNS サーバーがスキャナーのために任意の名前を再帰的に解決するかを確認します。',
    description: 'オープンリゾルバーは DNS 増幅攻撃やキャッシュポイズニングに悪用され、内部の名前解決も漏らします（RFC 5358）。',
    testingSteps: 'サーバーが権威を持たないはずの名前について RD フラグ付きのクエリを 1 つ送り、RA フラグ付きで拒否されない応答があればオープンな再帰と判断します。version.bind の CHAOS TXT クエリでバージョンも読み取ります。クエリのみを送信します。',
    solution: '再帰は内部ネットワークにのみ提供し（BIND: allow-recursion、Unbound: access-control）、バージョンを隠してください（version "none"）。',
  },
  'access.mongodb_unauthenticated': {
    purpose: 'MongoDB がアクセス制御なしで動作し、認証なしでデータベース一覧を返すかを確認します。',
    description: 'authorization を有効にしていない MongoDB では、ポートに到達できる誰もが全データを読み取り、変更、削除でき、このようなインスタンスは身代金目的で一括削除されています。',
    testingSteps: `hello と buildInfo を送ってバージョンを識別し、読み取り専用の listDatabases（nameOnly）を送信します。ok: 1 が返れば認証なしのアクセスが証明されます。${RO}`,
    solution: 'security.authorization を有効にして最小権限のユーザーを作成し、bindIp を内部アドレスに限定し、ファイアウォールで接続元を制限してください。',
  },
  'tls.legacy_version': {
    purpose: 'サービスが SSL 3.0、TLS 1.0、TLS 1.1 を受け入れるかを確認します。',
    description: 'これらのバージョンは RFC 7568 と RFC 8996 で非推奨とされ、POODLE や BEAST などの攻撃を受けやすく、古い暗号しか使えません。',
    testingSteps: `SSL 3.0、TLS 1.0、1.1、1.2、1.3 のそれぞれについて、そのバージョンだけを許可したハンドシェイクを行い、受け入れられたバージョンを記録します。${HS}`,
    solution: 'TLS 1.2 と TLS 1.3 のみを有効にしてください。',
  },
  'tls.weak_cipher': {
    purpose: 'サービスが NULL、匿名、輸出グレード、RC4、DES、3DES の暗号スイートを受け入れるかを確認します。',
    description: 'これらのスイートは暗号化しない、サーバーを認証しない、または解読可能（RC4 の偏り、SWEET32）であり、通信の盗聴や改ざんを許します。',
    testingSteps: `弱いスイートのみを並べた TLS 1.2 ClientHello を送り、サーバーが選んだスイートを記録し、それを除いて拒否されるまで繰り返します。ServerHello を受け取った時点で切断します。${HS}`,
    solution: '前方秘匿性のある AEAD スイート（ECDHE と AES-GCM / ChaCha20-Poly1305）のみを有効にしてください。',
  },
  'tls.cert_expired': {
    purpose: 'サーバー証明書が有効期限を過ぎていないかを確認します。',
    description: '期限切れの証明書はクライアントに拒否され、警告を無視することに慣れた利用者は中間者攻撃を受けやすくなります。',
    testingSteps: `ハンドシェイクでサーバー証明書を取得し、notAfter を現在時刻と比較します。${HS}`,
    solution: '証明書を更新し、自動更新（ACME など）を導入してください。',
  },
  'tls.cert_not_yet_valid': {
    purpose: 'サーバー証明書の有効開始日時が未来になっていないかを確認します。',
    description: 'まだ有効でない証明書はクライアントに拒否されます。時刻設定の誤りや誤発行が原因であることが多いです。',
    testingSteps: `ハンドシェイクでサーバー証明書を取得し、notBefore を現在時刻と比較します。${HS}`,
    solution: 'サーバーと発行元の時刻を修正し、証明書を再発行してください。',
  },
  'tls.cert_self_signed': {
    purpose: 'サーバー証明書が自己発行されたものかを確認します。',
    description: '自己署名証明書はクライアントが検証できず、検証を無効にせざるを得ないため、中間者に気付けません。',
    testingSteps: `ハンドシェイクでサーバー証明書を取得し、発行者と主体を比較して証明書自身の公開鍵で署名を検証します。${HS}`,
    solution: '信頼された CA または社内 CA が発行した証明書を使用してください。',
  },
  'tls.cert_weak_key': {
    purpose: '証明書の鍵が RSA/DSA 2048 ビット、EC 224 ビット未満でないかを確認します。',
    description: '短い鍵は 112 ビット未満の安全性しかなく、現実的なコストで因数分解や解読が可能です。',
    testingSteps: `ハンドシェイクでサーバー証明書を取得し、鍵のアルゴリズムと長さを読み取ります。${HS}`,
    solution: '2048 ビット以上の RSA 鍵または P-256 以上の EC 鍵で証明書を再発行してください。',
  },
  'tls.cert_weak_signature': {
    purpose: '証明書が SHA-1 または MD5 で署名されていないかを確認します。',
    description: 'SHA-1 と MD5 は衝突を作成できるため、同じ署名を持つ証明書を偽造される恐れがあります。',
    testingSteps: `ハンドシェイクでサーバー証明書を取得し、署名アルゴリズムを読み取ります。${HS}`,
    solution: 'SHA-256 以上で署名した証明書を再発行してください。',
  },
  'tls.cert_name_mismatch': {
    purpose: '証明書のサブジェクト代替名または共通名に、接続したホスト名またはアドレスが含まれるかを確認します。',
    description: '名前が一致しない証明書はクライアントに拒否されるか、名前検証の無効化を強いるため、なりすましを許します。',
    testingSteps: `ハンドシェイクでサーバー証明書を取得し、RFC 6125 に従って接続したホスト名（または IP アドレス）と証明書の名前を比較します。${HS}`,
    solution: 'サービスに使われるすべてのホスト名を subjectAltName に含む証明書を発行してください。',
  },
  'bacnet.exposed': {
    purpose: 'BACnet/IP（ビルオートメーション）がスキャナーから到達可能で応答するかを確認します。',
    description: 'BACnet/IP 自体には認証がなく、UDP 47808 ポートに到達できる誰もがすべてのオブジェクトを読み取り、設定値を書き換え、機器を起動・停止できます。',
    testingSteps: 'ユニキャストで Who-Is を送って I-Am を受け取り、ReadProperty でデバイスオブジェクトのベンダー、モデル、ファームウェアリビジョン、名前を読み取ります。読み取り要求のみを送信し、機器には一切書き込みません。',
    solution: '制御ネットワークを分離し、エンジニアリングステーションと SCADA ホストからのみポートへの接続を許可し、必要に応じて認証と暗号化を行うゲートウェイまたは VPN を経由させてください。',
  },
  's7comm.exposed': {
    purpose: 'S7comm（シーメンス S7 PLC）がスキャナーから到達可能で応答するかを確認します。',
    description: 'S7comm 自体には認証がなく、TCP 102 ポートに到達できる誰もがプロセスデータの読み書き、プログラムのダウンロード、CPU の停止ができます。',
    testingSteps: 'COTP 接続（TSAP 0x0100/0x0102）を開き、Setup Communication を送信してから SZL 0x0011（モジュール識別）と 0x001C（コンポーネント識別）を読み取ります。読み取り要求のみを送信し、機器には一切書き込みません。',
    solution: '制御ネットワークを分離し、エンジニアリングステーションと SCADA ホストからのみポートへの接続を許可し、必要に応じて認証と暗号化を行うゲートウェイまたは VPN を経由させてください。',
  },
  'iec104.exposed': {
    purpose: 'IEC 60870-5-104（電力系統の遠方監視制御）がスキャナーから到達可能で応答するかを確認します。',
    description: 'IEC 60870-5-104 自体には認証がなく、TCP 2404 ポートに到達できる誰もがすべての計測値を読み取り、制御コマンドを送信できます。',
    testingSteps: 'STARTDT act と TESTFR act を送信して con の確認を待ち、その後 STOPDT を送って切断します。読み取り要求のみを送信し、機器には一切書き込みません。',
    solution: '制御ネットワークを分離し、エンジニアリングステーションと SCADA ホストからのみポートへの接続を許可し、必要に応じて認証と暗号化を行うゲートウェイまたは VPN を経由させてください。',
  },
  'dnp3.exposed': {
    purpose: 'DNP3（電力・水道の SCADA）がスキャナーから到達可能で応答するかを確認します。',
    description: 'DNP3 自体には認証がなく、TCP 20000 ポートに到達できる誰もが（Secure Authentication がなければ）データポイントを読み取り、制御コマンドを送信できます。',
    testingSteps: 'データリンク層の REQUEST LINK STATUS フレームを送信し、LINK STATUS 応答から局アドレスを読み取り、続いてアプリケーション層の READ（グループ 0 デバイス属性 g0v254）を 1 回送信してベンダー、モデル、ソフトウェアバージョン、シリアル番号を読み取ります。読み取り要求のみを送信し、機器には一切書き込みません。',
    solution: '制御ネットワークを分離し、エンジニアリングステーションと SCADA ホストからのみポートへの接続を許可し、必要に応じて認証と暗号化を行うゲートウェイまたは VPN を経由させてください。',
  },
  'fox.exposed': {
    purpose: 'Niagara Fox（Tridium Niagara ビルプラットフォーム）がスキャナーから到達可能で応答するかを確認します。',
    description: 'Niagara Fox 自体には認証がなく、TCP 1911 ポートに到達できる誰もがステーション名、ホスト、バージョン情報を取得してログインを試みることができ、通信は平文です。',
    testingSteps: 'fox hello メッセージを送信し、応答からステーション名、ホスト名、Niagara と JVM のバージョンを読み取ります。読み取り要求のみを送信し、機器には一切書き込みません。',
    solution: '制御ネットワークを分離し、エンジニアリングステーションと SCADA ホストからのみポートへの接続を許可し、必要に応じて認証と暗号化を行うゲートウェイまたは VPN を経由させてください。',
  },
  'fins.exposed': {
    purpose: 'OMRON FINS（オムロン PLC）がスキャナーから到達可能で応答するかを確認します。',
    description: 'OMRON FINS 自体には認証がなく、TCP 9600 ポートに到達できる誰もがメモリ領域の読み書きや運転モードの変更ができます。',
    testingSteps: 'FINS/TCP のノードアドレス交換を行い、コントローラデータ読み出し（0x0501）を送信して形式とバージョンを読み取ります。読み取り要求のみを送信し、機器には一切書き込みません。',
    solution: '制御ネットワークを分離し、エンジニアリングステーションと SCADA ホストからのみポートへの接続を許可し、必要に応じて認証と暗号化を行うゲートウェイまたは VPN を経由させてください。',
  },
  'opcua.anonymous': {
    purpose: 'OPC UA サーバーが匿名ユーザートークンを受け入れるエンドポイントやセキュリティモード None を提供しているかを確認します。',
    description: '匿名エンドポイントでは、4840 ポートに到達できる誰もがセッションを作成し、アドレス空間の変数を閲覧・読み書きし、メソッドを呼び出せます。セキュリティモード None では通信は署名も暗号化もされません。',
    testingSteps: 'Hello を送信し、SecurityPolicy None（ディスカバリーに許可されている）でセキュアチャネルを開き、GetEndpoints で各エンドポイントのセキュリティモード、ポリシー、ユーザートークンの種類を読み取ります。None エンドポイントが匿名トークンを提示していれば CreateSession と匿名での ActivateSession を行い、Good が返れば匿名アクセスが証明されます。続いて Server.ServerStatus.BuildInfo（製品、ベンダー、ソフトウェアバージョン、ビルド番号）を読み取り、CloseSession の後にチャネルを閉じます。変数の書き込み、メソッド呼び出し、サブスクリプション作成は一切行いません。',
    solution: '匿名ユーザートークンとセキュリティモード None のエンドポイントを削除し、SignAndEncrypt とユーザー名または証明書による認証のみを残し、制御ネットワークを分離してください。',
  },
};
