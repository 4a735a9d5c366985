import type { TranslationTable } from '@citadel/engine-core';

/** Shared: every access check makes only a read-only handshake or login. */
const RO = '読み取り専用のハンドシェイクまたはログインのみを行い、何も変更しません。';
const ICS_RO = 'すべてのプローブは読み取り専用の機能コードのみを使用し、機器には一切書き込みません。';

/** Japanese texts of the network and ICS catalogues, keyed by item id without platform prefix. */
export const JA_TEXTS: TranslationTable = {
  'access.redis_unauthenticated': {
    purpose: 'Redis がパスワードなしでコマンドを実行するかを確認します。',
    description: 'パスワードのない Redis では、ポートに到達できる誰もが全データを読み書きでき、CONFIG SET や MODULE LOAD によってファイルの書き込みやコード実行も可能です。',
    testingSteps: `ポートに接続し、読み取り専用の INFO server コマンドを送信して redis_version が返るかを確認します。${RO}`,
    solution: 'requirepass または ACL ユーザーを設定し、protected-mode を有効にして内部アドレスにバインドし、ファイアウォールで接続元を制限してください。',
  },
  'access.postgresql_trust': {
    purpose: 'PostgreSQL が postgres スーパーユーザーをパスワードなしで受け入れるかを確認します。',
    description: 'pg_hba.conf の trust 方式はパスワードを検証しないため、ポートに到達できる誰もがスーパーユーザーとしてデータを読み書きし、COPY … PROGRAM でシステムコマンドを実行できます。',
    testingSteps: `ポートに接続し、ユーザー postgres として StartupMessage を送信して AuthenticationOk がすぐに返るかを確認し、続けて Terminate を送信します。${RO}`,
    solution: 'pg_hba.conf では scram-sha-256 を使用し（ローカルソケットのみ peer）、listen_addresses と接続元を制限してください。',
  },
  'access.mysql_empty_password': {
    purpose: 'データベースが root のパスワードなしのネットワークログインを許可するかを確認します。',
    description: 'root のパスワードが空の場合、ポートに到達できる誰もがデータベースのすべての権限を持ちます。',
    testingSteps: `ポートに接続し、サーバーのハンドシェイクを読み取り、root と空のパスワードで HandshakeResponse41 を送信し、OK を受け取ったら直ちに COM_QUIT を送信します。${RO}`,
    solution: 'root に強いパスワードを設定するか unix_socket 認証を使用し、匿名アカウントとリモート root を削除して bind-address を制限してください。',
  },
  'access.amqp_default_credentials': {
    purpose: 'メッセージブローカーが RabbitMQ の文書化された既定アカウント guest を受け入れるかを確認します。',
    description: '既定アカウントのパスワードは公開されており、誰でもメッセージの読み取り、削除、偽造ができます。',
    testingSteps: `ポートに接続し、AMQP 0-9-1 ヘッダーを送信して PLAIN で既定アカウントを提示します。Connection.Tune が受理の証拠であり、仮想ホストを開く前に切断します。${RO}`,
    solution: 'guest を削除または無効化し、アプリケーションごとに最小権限のアカウントを作成して TLS を使用してください。',
  },
  'access.mqtt_anonymous': {
    purpose: 'MQTT ブローカーがユーザー名とパスワードのないクライアントを受け入れるかを確認します。',
    description: '匿名クライアントはすべてのトピックを購読して機器のデータを読むことができ、ACL がなければメッセージを発行して機器を制御できます。',
    testingSteps: `ポートに接続し、認証情報なしで CONNECT を送信して CONNACK が 0 を返すかを確認します。受理された場合は読み取り専用の $SYS/broker/version のみを購読してバージョンを取得し、切断します。発行は一切行いません。${RO}`,
    solution: '匿名アクセスを無効にし（Mosquitto: allow_anonymous false）、認証とトピック ACL を設定して TLS を使用してください。',
  },
  'access.nats_no_auth': {
    purpose: 'NATS サーバーが認証情報なしでセッションを開くかを確認します。',
    description: '認証のない NATS では、誰でもすべてのサブジェクトを購読・発行でき、サービス間メッセージの盗聴や偽造が可能です。',
    testingSteps: `ポートに接続し、INFO の auth_required を読み、認証情報なしで CONNECT と PING を送信します。PONG がセッション確立の証拠です。${RO}`,
    solution: 'トークン、ユーザー名とパスワード、NKey または JWT による認証と、アカウントごとのサブジェクト権限を設定してください。',
  },
  'access.memcached_unauthenticated': {
    purpose: 'memcached のテキストプロトコルが任意のクライアントに応答するかを確認します。',
    description: 'SASL のない memcached では誰でもキャッシュを読み取り消去でき、UDP ポートは増幅攻撃に悪用されます。',
    testingSteps: `ポートに接続し、読み取り専用の version コマンドを送信して VERSION が返るかを確認します。${RO}`,
    solution: '内部アドレスでのみ待ち受け、UDP を無効にし（-U 0）、必要に応じて SASL を有効にし、ファイアウォールで接続元を制限してください。',
  },
  'access.ftp_anonymous': {
    purpose: 'FTP サーバーが anonymous ログインを受け入れるかを確認します。',
    description: '匿名 FTP はファイルを漏えいさせるおそれがあり、書き込み可能なフォルダーがあれば悪意あるファイルの置き場になります。',
    testingSteps: `ポートに接続し、USER anonymous と PASS を送信して 230 が返るかを確認し、続けて QUIT を送信します。${RO}`,
    solution: '匿名アクセスを無効にし（vsftpd: anonymous_enable=NO）、SFTP または FTPS を使用してください。',
  },
  'access.elasticsearch_unauthenticated': {
    purpose: 'Elasticsearch/OpenSearch の REST API が認証不要かを確認します。',
    description: 'セキュリティ機能のないクラスターでは、誰でもすべてのインデックスを読み取り削除できます。',
    testingSteps: `ポートに接続し、GET / を送信してクラスター名とバージョンが 200 で返るかを確認します。${RO}`,
    solution: 'xpack.security（または OpenSearch のセキュリティプラグイン）、TLS、認証を有効にし、内部でのみ待ち受けてください。',
  },
  'access.docker_api_unauthenticated': {
    purpose: 'Docker デーモンの TCP API が TLS クライアント証明書を要求しないかを確認します。',
    description: '公開された Docker API はホストの root 権限と同じです。ホストのルートをマウントした特権コンテナーを誰でも起動できます。',
    testingSteps: `ポートに接続し、GET /version を送信して ApiVersion が返るかを確認します。${RO}`,
    solution: 'Docker デーモンを TCP で公開しないでください。やむを得ない場合は tlsverify とクライアント証明書を使用してください。',
  },
  'service.inventory': {
    purpose: '各ホストの開いている TCP ポートと、識別したサービス、製品、バージョンを一覧にします。',
    description: 'サービス一覧は攻撃対象領域そのものです。開いているポートはすべて侵入口になり得ます。',
    testingSteps: '管理者のスキャンポリシーの範囲内で TCP コネクトスキャンを行い、開いているポートをプロトコル仕様から作成したプローブで識別します。',
    solution: '不要なサービスを停止し、残りは必要なネットワークにのみ公開してください。',
  },
  'service.admin_port_exposed': {
    purpose: 'データベース、メッセージブローカー、キャッシュ、リモートデスクトップ、コンテナー管理のポートにスキャナーから到達できるかを確認します。',
    description: 'これらのサービスはアプリケーションサーバーからのみ到達可能であるべきで、公開されるとブルートフォースや脆弱性攻撃の対象になります。',
    testingSteps: '開いている各ポートのサービスを識別し、データベース、メッセージング、キャッシュ、リモート管理、コンテナー管理のサービスを報告します。',
    solution: 'ファイアウォールやセキュリティグループでこれらのポートを必要なホストに限定するか、内部アドレスでのみ待ち受けてください。',
  },
  'service.cleartext_protocol': {
    purpose: 'Telnet や FTP など、パスワードを平文で送るサービスを確認します。',
    description: '平文プロトコルのパスワードとデータはネットワーク上で盗聴され得ます。',
    testingSteps: 'TLS を要求しないサービスの挨拶（Telnet のオプションネゴシエーション、FTP の 220 応答）を識別します。',
    solution: 'Telnet と FTP を SSH、SFTP または FTPS に置き換えてください。',
  },
  'vuln.known_cve': {
    purpose: '識別した製品とバージョンについて、脆弱性データベースで既知の CVE を検索します。',
    description: '古いバージョンのサービスには、公開された悪用可能な脆弱性が存在する可能性があります。',
    testingSteps: '識別した製品とバージョンを脆弱性データベース（OSV/NVD）のバージョン範囲と照合します。',
    solution: 'ベンダーがこれらの脆弱性を修正したバージョンに更新してください。',
  },
  'modbus.exposed': {
    purpose: 'Modbus/TCP サーバーにスキャナーから到達でき、応答するかを確認します。',
    description: 'Modbus には認証がなく、502 番ポートに到達できる誰もがプロセスデータを読み、機器の状態を変える書き込みを送信できます。',
    testingSteps: `Read Device Identification（0x2B/0x0E）を送信し、ベンダー、製品コード、リビジョンを読み取ります。${ICS_RO}`,
    solution: '制御ネットワークをオフィスやインターネットから分離し、502 番ポートはエンジニアリングステーションからのみ許可するか、認証を備えたゲートウェイ（Modbus/TCP Security）を経由してください。',
  },
  'modbus.holding_registers_readable': {
    purpose: '保持レジスタを読み取ることで、書き込み可能なレジスタ領域に到達できることを証明します（書き込みは行いません）。',
    description: '保持レジスタはマスターが設定値を書き込む領域であり、読み取れる者は同じ方法で書き込み、設定値や制御ロジックを変更できます。',
    testingSteps: `Read Holding Registers（0x03）でアドレス 0 のレジスタを 1 つ読み取ります。${ICS_RO}`,
    solution: 'ゲートウェイまたはファイアウォールで機能コードによるフィルタリングを行い（書き込みは必要なステーションからのみ）、制御ネットワークを分離してください。',
  },
  'device.identity': {
    purpose: '産業機器から読み取ったベンダー、型番、ファームウェアバージョンなどの識別情報を一覧にします。',
    description: '機器の識別情報により、攻撃者は正確な型番とファームウェアの脆弱性を調べることができます。',
    testingSteps: `各制御プロトコルの識別要求で機器情報を読み取ります。${ICS_RO}`,
    solution: '不要であれば機器識別機能を無効にし、制御プロトコルのポートへのアクセスを制限してください。',
  },
  'device.known_cve': {
    purpose: '機器から読み取ったベンダー、型番、ファームウェアバージョンについて、脆弱性データベースで既知の CVE を検索します。',
    description: '古いファームウェアには公開された悪用可能な脆弱性が存在する可能性があり、制御機器は何年も更新されないことがよくあります。',
    testingSteps: '機器の識別情報を脆弱性データベース（OSV/NVD）のバージョン範囲と照合します。',
    solution: 'ベンダーのアドバイザリに従ってファームウェアを更新し、更新できない場合はネットワーク分離と監視で緩和してください。',
  },
  'enip.exposed': {
    purpose: 'EtherNet/IP（CIP）機器にスキャナーから到達でき、識別要求に応答するかを確認します。',
    description: 'EtherNet/IP の明示的メッセージには認証がなく（CIP Security はまだ少数）、44818 番ポートに到達できる誰もがコントローラーのタグや設定を読み取り変更できます。',
    testingSteps: `セッション不要の ListIdentity（0x0063）を送信し、ベンダー、製品、リビジョン、シリアル番号を読み取ります。${ICS_RO}`,
    solution: '制御ネットワークを分離し、44818 番ポートはエンジニアリングステーションからのみ許可し、対応していれば CIP Security を有効にしてください。',
  },
};
