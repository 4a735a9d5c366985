import type { TranslationTable } from '@citadel/engine-core';

/** The TLS checks share one procedure: a handshake per protocol version and cipher group. */
const TLS_HANDSHAKE_STEPS =
  'node:tls でプロトコルバージョンと暗号スイートのグループをそれぞれ固定してハンドシェイクを行い、サーバー証明書を取得します。';

/** The injection checks that share the probe-and-compare procedure. */
const PROBE_STEPS = 'クロールで収集した各クエリパラメーターとフォームフィールドに検査用ペイロードを注入し、ベースラインのレスポンスと比較します。';

/** Japanese texts of the web catalogue, keyed by item id without platform prefix (twins share). */
export const JA_TEXTS: TranslationTable = {
  // Security headers
  'headers.csp_missing': {
    purpose: 'HTML レスポンスに Content-Security-Policy が設定されているかを確認します。',
    description:
      'CSP がない場合、ブラウザーはあらゆる提供元のスクリプトを実行するため、XSS や注入されたスクリプトが存在すると、その影響を一切制限できません。',
    testingSteps: 'サイトをクロールし、各 HTML レスポンスに Content-Security-Policy ヘッダーがあるかを確認します。',
    solution: "すべてのページで厳格な CSP を送信してください（例: default-src 'self'; object-src 'none'; frame-ancestors 'none'）。",
  },
  'headers.csp_weak': {
    purpose: 'CSP に保護を無効化してしまうディレクティブが含まれていないかを確認します。',
    description:
      "script-src または default-src に 'unsafe-inline'、'unsafe-eval'、ワイルドカード *、data: が含まれている場合、CSP があっても注入されたスクリプトが実行されてしまいます。",
    testingSteps: 'Content-Security-Policy ヘッダーの script-src と default-src を解析します。',
    solution: "'unsafe-inline' と 'unsafe-eval' を削除し、nonce またはハッシュと、明示的に指定した提供元を使用してください。",
  },
  'headers.hsts_missing': {
    purpose: 'HTTPS レスポンスに Strict-Transport-Security が設定されているかを確認します。',
    description:
      'HSTS がない場合、初回の HTTP アクセス時や SSL ストリッピング攻撃を受けた際に、接続が平文通信にダウングレードされるおそれがあります。',
    testingSteps: '各 HTTPS レスポンスの Strict-Transport-Security ヘッダーとその max-age を確認します。',
    solution: 'Strict-Transport-Security: max-age=31536000; includeSubDomains を送信してください。',
  },
  'headers.clickjacking': {
    purpose: 'ページが他のサイトのフレーム内に埋め込まれ得るかを確認します。',
    description:
      'X-Frame-Options も CSP の frame-ancestors もない場合、攻撃者はページを不可視のフレームに埋め込み、ユーザーをだましてクリックさせることができます。',
    testingSteps: 'HTML レスポンスの X-Frame-Options ヘッダーと CSP の frame-ancestors ディレクティブを確認します。',
    solution: "X-Frame-Options: DENY、または CSP の frame-ancestors 'none' / 'self' を送信してください。",
  },
  'headers.content_type_options': {
    purpose: 'レスポンスで MIME スニッフィングが禁止されているかを確認します。',
    description:
      'X-Content-Type-Options: nosniff がない場合、ブラウザーがアップロードされたファイルやユーザーが投稿したコンテンツをスクリプトや HTML として解釈するおそれがあります。',
    testingSteps: 'すべてのレスポンスに X-Content-Type-Options: nosniff があるかを確認します。',
    solution: 'すべてのレスポンスで X-Content-Type-Options: nosniff を送信してください。',
  },
  'headers.referrer_policy': {
    purpose: 'Referer ヘッダーから漏えいする情報をページが制限しているかを確認します。',
    description:
      'Referrer-Policy がない場合、または unsafe-url が指定されている場合、トークンや個人情報を含む完全な URL が第三者に漏えいするおそれがあります。',
    testingSteps: 'HTML レスポンスの Referrer-Policy ヘッダーを確認します。',
    solution: 'Referrer-Policy: strict-origin-when-cross-origin または no-referrer を送信してください。',
  },
  'headers.permissions_policy': {
    purpose: 'ページがブラウザーの機能（カメラ、位置情報など）の利用を制限しているかを確認します。',
    description:
      'Permissions-Policy がない場合、注入されたコンテンツや埋め込まれたコンテンツが、カメラ、マイク、位置情報などの機密性の高い機能の利用を要求できます。',
    testingSteps: 'HTML レスポンスに Permissions-Policy（または旧来の Feature-Policy）があるかを確認します。',
    solution: '使用しない機能を無効化する Permissions-Policy を送信してください（例: camera=(), microphone=(), geolocation=()）。',
  },

  // Cookies
  'cookies.no_secure': {
    purpose: 'HTTPS で設定される Cookie に Secure 属性が付与されているかを確認します。',
    description: 'Secure 属性のない Cookie は平文の HTTP でも送信されるため、通信を盗聴する攻撃者にセッションを奪われるおそれがあります。',
    testingSteps: 'HTTPS レスポンスに含まれるすべての Set-Cookie の属性を確認します。',
    solution: 'すべての Cookie に Secure 属性を設定してください。',
  },
  'cookies.no_httponly': {
    purpose: 'Cookie がスクリプトから読み取れないよう保護されているかを確認します。',
    description: 'HttpOnly 属性のないセッション Cookie はスクリプトから読み取れるため、XSS が一つでもあればセッションが窃取されます。',
    testingSteps: 'すべての Set-Cookie に HttpOnly があるかを確認します。',
    solution: 'セッション Cookie およびその他の機密性の高い Cookie に HttpOnly 属性を設定してください。',
  },
  'cookies.no_samesite': {
    purpose: 'Cookie のクロスサイト送信が制限されているかを確認します。',
    description: 'SameSite 属性のない（または None が指定された）Cookie はクロスサイトのリクエストにも付与されるため、CSRF のリスクが高まります。',
    testingSteps: 'すべての Set-Cookie の SameSite 属性の値を確認します。',
    solution: 'SameSite=Lax または Strict を設定してください。',
  },

  // Information disclosure
  'disclosure.server_version': {
    purpose: 'Server ヘッダーからソフトウェア名やバージョンが判明しないかを確認します。',
    description: 'Server ヘッダーにバージョンが含まれていると、攻撃者はそのバージョンの既知の脆弱性を容易に調べることができます。',
    testingSteps: 'すべてのレスポンスの Server ヘッダーにバージョン番号が含まれていないかを確認します。',
    solution: 'サーバーの設定でバージョンを非表示にしてください（nginx の server_tokens off、Apache の ServerTokens Prod）。',
  },
  'disclosure.framework_version': {
    purpose: 'X-Powered-By などのヘッダーからフレームワークが判明しないかを確認します。',
    description:
      'X-Powered-By、X-AspNet-Version、X-Generator などのヘッダーは使用している技術スタックを明らかにし、標的を絞った攻撃を容易にします。',
    testingSteps: 'X-Powered-By、X-AspNet-Version、X-AspNetMvc-Version、X-Generator などのヘッダーを探します。',
    solution: 'これらのヘッダーを削除してください（例: Express では app.disable("x-powered-by")）。',
  },
  'disclosure.stack_trace': {
    purpose: 'レスポンスにデバッグ用のエラーメッセージやスタックトレースが含まれていないかを確認します。',
    description:
      'スタックトレースはソースコードのパス、フレームワークのバージョン、クエリなどの内部情報を明らかにし、攻撃者による攻撃の組み立てを助けます。',
    testingSteps: 'レスポンス本文を、Node.js、Java、Python、PHP、.NET のスタックトレースやデバッグエラーの特徴と照合します。',
    solution:
      '本番環境ではデバッグモードを無効にし、汎用的なエラーページを表示して、詳細な情報はサーバー側のログにのみ記録してください。',
  },
  'disclosure.private_ip': {
    purpose: 'レスポンスにプライベート IP アドレスが含まれていないかを確認します。',
    description: 'レスポンスに含まれるプライベートアドレスは内部ネットワークの構成を明らかにし、SSRF などの後続の攻撃に利用されるおそれがあります。',
    testingSteps: 'ヘッダーと本文から、RFC 1918 などのプライベートアドレスを検索します。',
    solution: 'ページ、ヘッダー、エラーメッセージに内部アドレスを出力しないでください。',
  },
  'disclosure.directory_listing': {
    purpose: 'Web サーバーがディレクトリの内容を一覧表示していないかを確認します。',
    description:
      'ディレクトリリスティングはファイル構成を明らかにし、バックアップファイルや設定ファイルなど公開すべきでないファイルを露呈させるおそれがあります。',
    testingSteps: '"Index of /" などの典型的なディレクトリリスティングのページと照合します。',
    solution: 'ディレクトリの一覧表示を無効にしてください（Apache の Options -Indexes、nginx の autoindex off）。',
  },
  'disclosure.secrets_in_response': {
    purpose: 'ページやスクリプトにハードコードされた鍵、トークン、秘密鍵がないかを確認します。',
    description:
      'クライアント側から参照できる鍵（クラウドサービスのアクセスキー、秘密鍵、トークン）は、誰でも取得して悪用できます。',
    testingSteps: 'HTML および JavaScript のレスポンスに対して秘密情報の検出パターンを適用します（エントロピーによる推定は使用しません）。',
    solution: 'クライアント側のコードから鍵を削除し、サービスはサーバー側から呼び出してください。露呈した鍵は失効させてください。',
  },
  'disclosure.sensitive_url_params': {
    purpose: 'リンクやフォームが URL にパスワードやトークンを含めていないかを確認します。',
    description:
      'URL は閲覧履歴、プロキシやサーバーのログ、Referer ヘッダーに記録されるため、そこに含まれるパスワードやトークンが漏えいします。',
    testingSteps: 'クロールで収集した URL のパラメーター名と、GET フォーム内のパスワードフィールドを確認します。',
    solution: '機密データは POST の本文またはヘッダーで送信し、ログインフォームには POST を使用してください。',
  },

  // Page content
  'content.mixed_content': {
    purpose: 'HTTPS ページがリソースを HTTP で読み込んでいないかを確認します。',
    description: 'HTTP で読み込まれるスクリプト、スタイル、フレームは通信経路上で改ざんされ、ページ全体を乗っ取られるおそれがあります。',
    testingSteps: 'HTTPS ページの script、link、img、iframe のアドレスを解析します。',
    solution: 'すべてのリソースを HTTPS で読み込んでください。CSP の upgrade-insecure-requests も有効です。',
  },
  'content.sri_missing': {
    purpose: '他のドメインから読み込むスクリプトに integrity 属性が付与されているかを確認します。',
    description:
      'サードパーティの CDN が侵害された場合、完全性の検証が行われないスクリプトを通じて、攻撃者のコードがこのサイト上で実行されます。',
    testingSteps: 'src が他のドメインを指す script 要素に integrity 属性があるかを確認します。',
    solution: 'サードパーティのスクリプトに integrity と crossorigin を付与するか、スクリプトを自サイトでホストしてください。',
  },
  'content.csrf_missing': {
    purpose: '状態を変更する POST フォームに CSRF 対策トークンが含まれているかを確認します。',
    description: 'CSRF トークンのないフォームは、他のサイトによってユーザー本人の名義で送信されるおそれがあります。',
    testingSteps: 'POST フォームに csrf、xsrf、token、authenticity_token などの hidden フィールドがあるかを確認します。',
    solution: 'セッションごとにランダムなトークンを発行してサーバー側で検証し、あわせて SameSite 属性付きの Cookie を使用してください。',
  },
  'content.cache_sensitive': {
    purpose: 'ログインページやセッションを設定するページでキャッシュが禁止されているかを確認します。',
    description:
      'Cache-Control: no-store がない場合、機密性の高いページがブラウザーや共有プロキシに保存され、他の利用者に読み取られるおそれがあります。',
    testingSteps: 'パスワードフィールドを含むレスポンス、または Set-Cookie を含むレスポンスについて、Cache-Control と Pragma を確認します。',
    solution: '機密性の高いレスポンスでは Cache-Control: no-store を送信してください。',
  },
  'content.cors_misconfig': {
    purpose: 'オリジン間リソース共有（CORS）が任意のオリジンを信頼していないかを確認します。',
    description:
      'リクエストの Origin をそのまま Access-Control-Allow-Origin に反映し、かつ資格情報を許可している場合、任意のサイトがユーザーになりすましてデータを読み取れます。',
    testingSteps: '外部の Origin を付けてページをリクエストし、Access-Control-Allow-Origin と Access-Control-Allow-Credentials を確認します。',
    solution: '許可リストに登録したオリジンのみを許可し、資格情報付きのリクエストに対して任意のオリジンを反映しないでください。',
  },

  // TLS
  'tls.legacy_protocol': {
    purpose: 'サーバーが TLS 1.0 または 1.1 を受け付けていないかを確認します。',
    description: 'TLS 1.0 および 1.1 は非推奨（RFC 8996）であり、BEAST などの既知の弱点があります。',
    testingSteps: TLS_HANDSHAKE_STEPS,
    solution: 'TLS 1.2 と TLS 1.3 のみを有効にしてください。',
  },
  'tls.weak_cipher': {
    purpose: 'サーバーが NULL、匿名、輸出グレード、RC4、3DES、DES、または前方秘匿性のない暗号スイートを受け付けていないかを確認します。',
    description: '弱い暗号スイートは解読やダウングレードの対象となり、通信内容が露呈するおそれがあります。',
    testingSteps: TLS_HANDSHAKE_STEPS,
    solution: '前方秘匿性を備えた AEAD 暗号スイート（ECDHE と AES-GCM または CHACHA20 の組み合わせ）のみを有効にしてください。',
  },
  'tls.cert_untrusted': {
    purpose: '証明書チェーンが信頼されたルート証明書まで検証できるかを確認します。',
    description:
      '自己署名証明書や不完全な証明書チェーンでは、ユーザーに警告が表示され、正規のサイトと中間者とを見分けることができなくなります。',
    testingSteps: TLS_HANDSHAKE_STEPS,
    solution: '信頼された認証局（CA）が発行した証明書を使用し、中間証明書を含む完全なチェーンを送信してください。',
  },
  'tls.cert_hostname': {
    purpose: '証明書の SAN/CN がホスト名をカバーしているかを確認します。',
    description:
      'ホスト名が一致しない場合、ブラウザーは警告を表示します。警告を無視することに慣れたユーザーは、通信の傍受を受けやすくなります。',
    testingSteps: TLS_HANDSHAKE_STEPS,
    solution: 'サイトのホスト名に対して発行された証明書を使用してください。',
  },
  'tls.cert_expired': {
    purpose: '証明書の有効期間を確認します。',
    description: '有効期限切れの証明書では、ブラウザーが接続を拒否するか警告を表示します。',
    testingSteps: TLS_HANDSHAKE_STEPS,
    solution: '証明書を更新し、更新作業を自動化してください。',
  },
  'tls.cert_expiring': {
    purpose: '証明書の有効期限が 30 日以内に切れないかを確認します。',
    description: '証明書の有効期限が近づいています。更新しなければサービスが利用できなくなります。',
    testingSteps: TLS_HANDSHAKE_STEPS,
    solution: '早めに証明書を更新し、更新作業を自動化してください。',
  },

  // Injection
  'injection.xss_reflected': {
    purpose: '入力値がエンコードされないまま HTML に出力されていないかを確認します。',
    description: '細工されたリンクによって被害者のブラウザー上でスクリプトが実行され、セッションの窃取やユーザーになりすました操作が行われます。',
    testingSteps: PROBE_STEPS,
    solution: '出力先のコンテキスト（HTML、属性、JavaScript、URL）に応じてエンコードし、厳格な CSP を導入してください。',
  },
  'injection.xss_stored': {
    purpose: '送信されたデータが、後でエンコードされないまま表示されていないかを確認します。',
    description: '保存されたスクリプトは、そのページを閲覧するすべてのユーザーのブラウザー上で実行されます。',
    testingSteps: '一意のマーカーを含むペイロードをフォームから送信し、クロール済みのページを再訪問して、エンコードされていないマーカーを探します。',
    solution: '出力時にコンテキストに応じてエンコードし、入力値を検証したうえで、厳格な CSP を導入してください。',
  },
  'injection.sqli_error': {
    purpose: '引用符などの文字によってデータベースの構文エラーが発生しないかを確認します。',
    description: '入力値が SQL 文に連結されており、攻撃者はデータの読み取り、変更、削除が可能です。',
    testingSteps: PROBE_STEPS,
    solution: 'パラメーター化クエリまたは ORM のバインド機能を使用し、データベースのエラーを表示しないでください。',
  },
  'injection.sqli_boolean': {
    purpose: '真となる条件と偽となる条件のペイロードで、レスポンスに差異が生じないかを確認します。',
    description: '攻撃者はレスポンスの差異から、データベースの内容を 1 ビットずつ推測できます。',
    testingSteps: PROBE_STEPS,
    solution: 'パラメーター化クエリを使用し、入力値の型と許容値を検証してください。',
  },
  'injection.sqli_time': {
    purpose: '遅延関数を含むペイロードによって、指定どおりにレスポンスが遅延しないかを確認します。',
    description: '画面上に差異が現れない場合でも、攻撃者はレスポンス時間からデータを推測できます。',
    testingSteps: 'SLEEP/pg_sleep/WAITFOR のペイロードを注入し、遅延ゼロの対照ペイロードと比較したうえで、2 回再確認します。',
    solution: 'パラメーター化クエリを使用してください。',
  },
  'injection.command': {
    purpose: '入力値がシェルコマンドの一部として実行されていないかを確認します。',
    description: '攻撃者はサーバー上で任意のコマンドを実行し、ホストを完全に掌握できます。',
    testingSteps: '; | && などの区切り文字に続けてシェルの算術式を含む echo を注入し、計算結果がレスポンスに現れるかを確認します。',
    solution: 'シェルの使用を避け、引数の配列でプログラムを呼び出し、入力値は許可リストで検証してください。',
  },
  'injection.path_traversal': {
    purpose: 'ファイルを指定するパラメーターから Web ルート外のファイルを読み取れないかを確認します。',
    description: '攻撃者は /etc/passwd、設定ファイル、ソースコードなどを読み取れます。',
    testingSteps: '/etc/passwd や win.ini を指す ../ シーケンスとそのエンコード版を注入し、各ファイルの内容が現れるかを確認します。',
    solution: 'パスを直接受け取らず識別子をファイルに対応付けてください。パスを扱う場合は正規化したうえで、許可されたディレクトリ内にあることを確認してください。',
  },
  'injection.open_redirect': {
    purpose: 'リダイレクト用のパラメーターが任意の外部サイトを受け付けていないかを確認します。',
    description: '攻撃者は信頼されたドメインのリダイレクトを悪用して、ユーザーをフィッシングサイトへ誘導します。',
    testingSteps: '外部のアドレスを注入し、リダイレクトをたどらずに、Location ヘッダーがそのアドレスを指しているかを確認します。',
    solution: '許可リストに登録した相対パスまたはホストにのみリダイレクトしてください。',
  },
  'injection.ssrf': {
    purpose: 'URL パラメーターで指定した先にサーバーがアクセスしていないかを確認します。',
    description: 'サーバーが攻撃者に代わってリクエストを送信するため、内部サービスやクラウドのメタデータにアクセスされるおそれがあります。',
    testingSteps:
      'URL 形式のパラメーターに閉じたローカルポートのアドレスを注入し、サーバー側からのアクセスを示す接続エラーなどの兆候を探します。',
    solution: 'サーバー側リクエストの宛先を許可リストで制限し、内部アドレスとメタデータのアドレスへのアクセスを遮断してください。',
  },

  // Exposed files and endpoints
  'exposure.vcs_metadata': {
    purpose: '.git や .svn をダウンロードできないかを確認します。',
    description: '攻撃者はソースコード全体とコミット履歴を復元でき、そこには秘密情報が含まれていることが少なくありません。',
    testingSteps: '/.git/HEAD、/.git/config、/.svn/entries などをリクエストし、内容を検証します。',
    solution: 'バージョン管理のフォルダーを含めずにデプロイし、サーバーでドットで始まるパスへのアクセスを拒否してください。',
  },
  'exposure.env_file': {
    purpose: '.env などのファイルをダウンロードできないかを確認します。',
    description: '.env ファイルには通常、データベースのパスワードや API キーが含まれています。',
    testingSteps: '/.env などのパスをリクエストし、KEY=VALUE 形式の内容であるかを検証します。',
    solution: '設定ファイルは Web ルートの外に配置し、露呈した認証情報はローテーションしてください。',
  },
  'exposure.backup_file': {
    purpose: '一般的なバックアップファイル名のファイルをダウンロードできないかを確認します。',
    description: 'バックアップのアーカイブや SQL ダンプには、ソースコードや全データが含まれている可能性があります。',
    testingSteps: 'backup.zip、backup.sql、db.sql などをリクエストし、マジックバイトまたは内容を検証します。',
    solution: 'バックアップファイルを Web ルートに置かないでください。',
  },
  'exposure.admin_console': {
    purpose: '一般的な管理コンソールのパスにアクセスできないかを確認します。',
    description: '公開された管理画面の入口は、ブルートフォース攻撃や脆弱性の悪用の標的となります。',
    testingSteps: '/admin/、/manager/html、/phpmyadmin/ などをリクエストし、ページの特徴を検証します。',
    solution: '管理コンソールへのアクセスは内部ネットワークまたは VPN からに限定し、強力な認証を必須にしてください。',
  },
  'exposure.debug_endpoint': {
    purpose: 'actuator、phpinfo、pprof、server-status などのエンドポイントにアクセスできないかを確認します。',
    description: 'デバッグ用エンドポイントは環境変数、設定、メモリの内容を漏えいさせ、中には実行時の状態を変更できるものもあります。',
    testingSteps: '/actuator/env、/phpinfo.php、/debug/pprof/、/server-status などをリクエストし、内容を検証します。',
    solution: '本番環境ではデバッグ用エンドポイントを無効にし、監視用エンドポイントは認証を設けたうえで内部にのみ公開してください。',
  },

  // Authentication and HTTP methods
  'auth.default_credentials': {
    purpose: 'ログインフォームが admin/admin などの既定の認証情報の組み合わせを受け付けないかを確認します。',
    description:
      '既定の認証情報は攻撃者が最初に試すものであり、受け付けられるとアカウント、多くの場合は管理者アカウントへのアクセスを許してしまいます。',
    testingSteps:
      'ランダムなパスワードでログインして失敗時のベースラインを取得したうえで、少数の既定の組み合わせを試し、リダイレクト、セッション Cookie、ログインフォームが消えるかどうかを比較します。',
    solution: '既定のパスワードの変更を強制し、パスワードの強度要件を設けるとともに、ログインの連続失敗時にはアカウントをロックしてください。',
  },
  'methods.trace': {
    purpose: 'サーバーが TRACE リクエストに対してリクエスト内容をそのまま返していないかを確認します。',
    description: 'TRACE はリクエストヘッダーをそのまま返すため、Cookie や認証ヘッダーが漏えいするおそれがあります（クロスサイトトレーシング）。',
    testingSteps: '一意のヘッダーを付けて TRACE を送信し、レスポンスにそのヘッダーが返されるかを確認します。',
    solution: 'サーバーで TRACE メソッドを無効にしてください。',
  },
  'injection.xss_dom': {
    purpose: 'ページのスクリプトが URL 中のデータを HTML としてページに書き込んでいないかを確認します。',
    description: '細工されたリンクがページ自身のスクリプトを通じて DOM に入り込んで実行されます。サーバーのレスポンスにはペイロードが現れません。',
    testingSteps:
      '一意の id を持つ img タグを GET パラメーターに注入し、ヘッドレス Chromium でレスポンスをレンダリングして、スクリプト実行後の DOM にその要素があり、元のレスポンスにはないかを確認します。',
    solution: 'データは textContent などの安全な API で書き込み、URL 由来のデータを document.write や innerHTML に渡さず、Trusted Types と厳格な CSP を有効にしてください。',
  },
  'injection.file_upload': {
    purpose: 'アップロードフォームがサーバースクリプトを受け付け、サイト上で実行してしまわないかを確認します。',
    description: '攻撃者は Web シェルをアップロードし、サーバー上で任意のコマンドを実行できます。',
    testingSteps:
      '乱数の積を出力するだけのスクリプトを、ファイル入力欄から image/png として送信してアップロードし、レスポンスが示す場所や一般的なアップロードフォルダーでそれを取得して、積が出力されるかを確認します。',
    solution: '拡張子と内容を許可リストで検証し、アップロードファイルの名前を変更したうえで、Web ルートの外か実行されない場所に保存してください。',
  },
  'session.predictable_id': {
    purpose: 'サーバーが発行するセッション系 Cookie が連番、タイムスタンプ、またはそれらのハッシュになっていないかを確認します。',
    description: '推測可能なセッション ID により、攻撃者は他のユーザーのセッションを推測して乗っ取ることができます。',
    testingSteps:
      'Cookie を発行するページやフォームを複数回リクエストして同じ名前の Cookie の値を集め、等差数列、現在のタイムスタンプ、小さな整数の MD5/SHA-1 になっていないかを判定します。',
    solution: 'フレームワークのセッション管理を使用し、セッション ID は安全な乱数生成器による 128 ビット以上の値にしてください。',
  },
  'methods.put': {
    purpose: 'PUT によってサイト上にファイルを作成できないかを確認します。',
    description: '攻撃者は Web シェルをアップロードしたり、ページを改ざんしたりできます。',
    testingSteps: 'ランダムな名前のテキストファイルを PUT し、GET で内容を確認した後、DELETE で削除します。',
    solution: 'PUT/DELETE を無効にするか、認証と認可を必須にしてください。',
  },
};
