/**
 * Japanese texts of the mini-program catalogue (purpose, description, testing steps,
 * solution; the titles carry their own ja). Translated from the en texts with the zh-CN for
 * nuance, in formal report Japanese (です・ます調) with the vocabulary of the other engines'
 * tables: 脆弱性, 改ざん, 平文通信, ハードコード, 署名, 権限, 攻撃者, 中間者攻撃, 機密データ,
 * 個人情報, 許可ドメイン (the platform's "legal domain" list), 通知と同意. API names, config
 * keys, file names and URLs are kept exactly as in the English.
 */
import type { TranslationTable } from '@citadel/engine-core';

/** Japanese texts of the mini-program catalogue, keyed by item id without platform prefix (twins share). */
export const JA_TEXTS: TranslationTable = {
  // ── Secrets ────────────────────────────────────────────────────────────────────
  'secrets.app_secret': {
    purpose: 'サーバー側でのみ保持すべきプラットフォームのシークレット（WeChat の AppSecret、code2Session リクエストの secret パラメーターなど）を検出します。',
    description: 'AppSecret はアクセストークンの取得、プラットフォームのサーバー API の呼び出し、ユーザーデータの復号に使用されます。ミニプログラムは誰でもダウンロードして展開できるため、パッケージ内のシークレットは公開されているのと同じです。',
    testingSteps: '展開したすべてのファイル（バンドルから分割した JS モジュール、テンプレート、設定、ソースマップ）をスキャンし、appsecret/secret に代入された 16 進数 32 桁の値と URL の secret= パラメーターを照合します。証拠にはファイルと行番号を示します。',
    solution: 'プラットフォーム上でただちに AppSecret をリセットしてください。ログインコードの交換（code2Session）とアクセストークンの取得はサーバー側でのみ行ってください。',
  },
  'secrets.api_keys': {
    purpose: 'クラウド、地図、決済、メッセージングなどのサービスで利用可能な鍵とトークンを検出します。',
    description: 'パッケージ内のアクセスキーやトークン（JWT、GitHub/Slack のトークンなど）は抽出可能であり、有料 API の呼び出し、クラウドストレージへのアクセス、アプリへのなりすましに悪用されるおそれがあります。',
    testingSteps: '展開したすべてのファイル（バンドルから分割した JS モジュール、テンプレート、設定、ソースマップ）を、既知の鍵形式（Alibaba Cloud、Tencent Cloud、AWS、Google、JWT など）のルールでスキャンします。証拠にはファイルと行番号を示します。',
    solution: '鍵はサーバー側に移し、認証されたエンドポイントを経由して呼び出してください。漏えいした鍵は失効させ、ローテーションしてください。',
  },
  'secrets.private_keys': {
    purpose: 'PEM 形式または Base64 形式の秘密鍵（Alipay のアプリケーション秘密鍵、RSA/EC 鍵）を検出します。',
    description: '秘密鍵が漏えいすると、攻撃者は署名を偽造したり（Alipay オープンプラットフォームのリクエスト署名など）、通信を復号したりできます。',
    testingSteps: '展開したすべてのファイル（バンドルから分割した JS モジュール、テンプレート、設定、ソースマップ）をスキャンし、PEM 秘密鍵のヘッダーと Base64 形式の PKCS#1/PKCS#8 鍵構造を検出します。証拠にはファイルと行番号を示します。',
    solution: '署名はサーバー側で行い、秘密鍵は決して配布物に含めないでください。漏えいした鍵ペアは交換してください。',
  },
  'secrets.hardcoded_credentials': {
    purpose: 'コード内でリテラルとして代入されたパスワード、シークレット、トークンを検出します。',
    description: 'コードにハードコードされた認証情報はパッケージの展開によって取得でき、攻撃者によるログインや API の呼び出しを許します。',
    testingSteps: '展開したすべてのファイル（バンドルから分割した JS モジュール、テンプレート、設定、ソースマップ）をスキャンし、password、secret、token、api_key などの名前に続くリテラル値を、プレースホルダーを除いて検出します。証拠にはファイルと行番号を示します。',
    solution: '認証情報の検証はサーバー側で行い、クライアントには一切保持しないでください。',
  },
  'secrets.high_entropy_strings': {
    purpose: '特定のルールでは識別されなかったランダムに見える文字列を、手動確認のために列挙します。',
    description: '高エントロピーの文字列は、トークンや鍵である可能性もあれば、無害な識別子である可能性もあります。前後の文脈から確認してください。',
    testingSteps: '展開したすべてのファイル（バンドルから分割した JS モジュール、テンプレート、設定、ソースマップ）をスキャンしてシャノンエントロピーを計算し、ハッシュ、UUID、画像データを除外します。証拠にはファイルと行番号を示します。',
    solution: '鍵であることが確認された文字列は、ハードコードされたシークレットとして対処してください。',
  },
  'secrets.sensitive_words': {
    purpose: 'タスクに設定された機密ワードがパッケージ内のどこに現れるかを検出します。',
    description: '機密ワードはユーザーが設定するもの（社内の名称、テスト用アカウント、ドメインなど）であり、リリース版で見つかった場合は情報漏えいを意味する可能性があります。',
    testingSteps: '展開したすべてのファイル（バンドルから分割した JS モジュール、テンプレート、設定、ソースマップ）から、各機密ワードを大文字・小文字を区別せずに探します。証拠にはファイルと行番号を示します。',
    solution: '該当する内容をリリース版から削除してください。',
  },

  // ── Network ────────────────────────────────────────────────────────────────────
  'network.cleartext_endpoints': {
    purpose: 'コードと設定内の http:// および ws:// のアドレスを列挙し、ネットワーク API が直接呼び出しているものを明示します。',
    description: '平文通信は同一ネットワーク上の誰でも盗聴・改ざんできます。リリース版のミニプログラムは HTTPS/WSS を使用する必要があるため、平文のアドレスは通常、デバッグ時の残存物、web-view のリンク、またはドメイン検証の無効化を意味します。',
    testingSteps: 'JS を字句解析し、wx.request / connectSocket / uploadFile / downloadFile、my.request / httpRequest / connectSocket などのネットワーク API の url 引数を取得します。また、すべてのテキストから http:// と ws:// の URL を抽出します（XML 名前空間などの参照用 URL は除外します）。',
    solution: 'すべてのエンドポイントで HTTPS / WSS を使用し、ドメインをプラットフォームに登録してください。',
  },
  'network.ip_addresses': {
    purpose: 'コード内の IP アドレスをプライベートアドレスも含めて列挙します。',
    description: 'IP アドレスで直接アクセスするサービスは証明書のホスト名検証を通過できず、プライベートアドレスやテスト用アドレスはバックエンドの構成を明らかにします。',
    testingSteps: 'すべてのテキストから IPv4/IPv6 アドレスを抽出してパブリック、プライベート、ループバックに分類し、バージョン番号に似た文字列を除外します。',
    solution: '許可ドメインとして設定された登録済みの HTTPS ドメインを使用し、テスト用およびプライベートのアドレスを削除してください。',
  },
  'network.request_domains': {
    purpose: 'プラットフォームで許可されたドメインと照合するため、wx.request / connectSocket / uploadFile / downloadFile、my.request / httpRequest / connectSocket などのネットワーク API が呼び出すドメインとアドレスを列挙します。',
    description: 'ミニプログラムがどのサーバーと通信しているかを把握することは、セキュリティ審査とコンプライアンス（国外へのデータ移転、第三者への提供）の基礎となります。',
    testingSteps: 'JS を字句解析し、wx.request / connectSocket / uploadFile / downloadFile、my.request / httpRequest / connectSocket などのネットワーク API の呼び出しを探して、リテラルの url（文字列連結の場合は先頭部分）を取得します。',
    solution: 'すべてのドメインが想定どおりのサーバーであり、許可ドメインとして登録されていることを確認してください。',
  },
  'network.third_party_endpoints': {
    purpose: 'アクセス解析、地図、クラウドストレージ、監視などのサードパーティサービスのアドレスを識別します。',
    description: 'サードパーティサービスへのデータ送信は個人情報の第三者提供にあたるため、プライバシーポリシーで開示し、同意を得る必要があります。',
    testingSteps: 'コード内の URL のドメインを、既知のサードパーティサービスのドメイン一覧と照合します。',
    solution: 'プライバシーポリシーとユーザープライバシー保護ガイドラインに提供先の第三者と提供するデータを明記し、使用していないサービスを削除してください。',
  },
  'network.server_api_in_client': {
    purpose: 'サーバー専用のプラットフォーム API（code2Session、access_token、WeChat Pay の加盟店 API、Alipay オープンプラットフォームのゲートウェイ）に対するミニプログラムからのリクエストを検出します。',
    description: 'これらの API には AppSecret、加盟店キー、またはアプリケーション秘密鍵が必要です。クライアントから呼び出せるということは、クライアントがシークレットを保持しているか、シークレットが露出していることを意味します。',
    testingSteps: 'すべてのテキストから api.weixin.qq.com/sns/jscode2session、/cgi-bin/token、api.mch.weixin.qq.com、openapi.alipay.com/gateway.do などのアドレスを探します。',
    solution: 'これらの呼び出しを自社のサーバーに移し、露出したシークレットをリセットしてください。',
  },
  'network.tls_verification_disabled': {
    purpose: 'HTTPS 証明書の検証または許可ドメインの検証を無効にする設定とコードを検出します。',
    description: 'project.config.json の urlCheck: false により、開発ツールは許可ドメイン、TLS バージョン、HTTPS 証明書の検証を省略します。コード内の sslVerify: false や rejectUnauthorized: false はあらゆる証明書を受け入れるため、通信が中間者攻撃にさらされます。',
    testingSteps: 'project.config.json の setting.urlCheck を読み取り、JS を字句解析して false に設定された sslVerify / rejectUnauthorized などのプロパティを探します。',
    solution: 'リリース用の設定ではドメインと証明書の検証を有効にしたままとし、それらを無効にするパラメーターを削除してください。',
  },

  // ── Privacy ────────────────────────────────────────────────────────────────────
  'privacy.api_usage': {
    purpose: 'ミニプログラムが呼び出すプライバシー関連 API（位置情報、アルバム、カメラ、録音、住所、電話番号、クリップボード、Bluetooth、連絡先など）とその呼び出し箇所を列挙します。',
    description: '収集する個人情報の種類ごとに明確な目的が必要であり、プライバシーポリシーとプラットフォームのプライバシー保護ガイドラインで宣言しなければなりません。',
    testingSteps: 'JS を字句解析し、プライバシー API の一覧にある wx.* / my.* の呼び出しを（コメントや文字列内のものを除いて）照合します。テンプレート内の open-type="getPhoneNumber" などのボタンも探します。',
    solution: '各 API が必要であることを確認し、プライバシーポリシーとガイドラインにその目的を記載してください。',
  },
  'privacy.undeclared_private_info': {
    purpose: 'コードで使用している位置情報 API がすべて app.json の requiredPrivateInfos で宣言されているかを検査します。',
    description: '2022 年 7 月 14 日以降、getFuzzyLocation、getLocation、onLocationChange、startLocationUpdate、startLocationUpdateBackground、chooseLocation、choosePoi、chooseAddress は requiredPrivateInfos で宣言する必要があります。宣言のない呼び出しは失敗し、宣言内容と実際に収集している情報が一致しないことにもなります。',
    testingSteps: 'app-config.json / app.json から requiredPrivateInfos を読み取り、コードの字句解析で見つかった API 呼び出しと比較します。',
    solution: '使用する API を requiredPrivateInfos で宣言し、プラットフォーム上で利用を有効にしてください。使用していない呼び出しは削除してください。',
  },
  'privacy.missing_permission_desc': {
    purpose: '位置情報 API を使用する場合に、app.json の permission で scope.userLocation / scope.userFuzzyLocation / scope.userLocationBackground の用途説明が記載されているかを検査します。',
    description: '用途説明がないと、同意ダイアログで位置情報を収集する理由をユーザーに伝えられず、通知と同意の原則に反します。',
    testingSteps: 'permission 設定の該当する scope の desc を読み取り、位置情報 API の呼び出しと比較します。',
    solution: 'app.json の permission 設定で、該当する scope に明確な用途説明を追加してください。',
  },
  'privacy.before_consent': {
    purpose: 'ユーザーがプライバシーポリシーに同意する前の App の onLaunch / onShow フックで直接呼び出されているプライバシー API を検出します。',
    description: 'ユーザーがプライバシーポリシーに同意する前に位置情報、電話番号、クリップボードなどのデータを収集することは通知と同意の原則に反し、規制当局からたびたび指摘される問題です。プラットフォームのプライバシー承認（__usePrivacyCheck__、wx.onNeedPrivacyAuthorization / requirePrivacyAuthorize）を使用している場合は、プラットフォームが呼び出しを遮断するため、要確認事項として報告します。',
    testingSteps: 'JS を字句解析して App({ onLaunch, onShow }) の本体を特定し、その中のプライバシー API の呼び出しを探すとともに、プラットフォームのプライバシー承認が使用されているかを確認します。',
    solution: 'プライバシー API は、同意を得たうえで該当機能が使用される時点でのみ呼び出してください。プラットフォームのプライバシー承認フローを導入してください。',
  },
  'privacy.clipboard_read': {
    purpose: 'wx.getClipboardData / my.getClipboard の呼び出しを検出します。',
    description: 'クリップボードには認証コード、パスワード、住所などが含まれている可能性があり、ユーザーに気付かれずに読み取る行為は規制当局が特に問題視しています。',
    testingSteps: 'JS を字句解析し、クリップボードを読み取る API の呼び出しを照合します。',
    solution: 'クリップボードはユーザーの明示的な操作（「貼り付け」のタップなど）の後にのみ読み取り、プライバシーポリシーにその旨を記載してください。',
  },

  // ── Code ───────────────────────────────────────────────────────────────────────
  'code.dynamic_code': {
    purpose: 'eval、new Function、および文字列を引数とする setTimeout/setInterval を検出します。',
    description: '動的に実行されるコードがネットワークやユーザー入力に由来する場合、コードインジェクションが可能になります。また、プラットフォームの審査を回避してコードを配信する目的にも使われます。',
    testingSteps: 'バンドルから分割した JS モジュールを字句解析し（コメントと文字列の内容は照合しません）、eval(…)、new Function(…)、Function(…) を照合します。グローバルオブジェクトの取得によく使われる Function("return this") は除外します。',
    solution: '動的なコード実行を削除し、データ駆動のロジックを使用してください。',
  },
  'code.sensitive_storage': {
    purpose: 'トークン、パスワード、電話番号、身分証番号などを示すキー名で setStorage / setStorageSync により書き込んでいる箇所を検出します。',
    description: 'ローカルストレージは端末上に平文で保存され、デバッグツールやバックアップなどの手段で読み取られるおそれがあります。トークンが漏えいするとセッションハイジャックにつながります。',
    testingSteps: 'バンドルから分割した JS モジュールを字句解析し（コメントと文字列の内容は照合しません）、setStorage({ key }) / setStorageSync(key, …) のリテラルのキー名を取得して、機密性の高いキー名の一覧と照合します。',
    solution: 'パスワードや個人情報を端末内に保存しないでください。トークンの有効期間は短くし、保存が必要なものは暗号化してください。',
  },
  'code.debug_enabled': {
    purpose: 'app.json の debug: true、setEnableDebug({ enableDebug: true }) の呼び出し、および同梱された vConsole を検出します。',
    description: 'デバッグモードでは詳細なログが出力され、デバッグパネルが表示されるため、エンドポイント、トークン、内部ロジックが露出します。',
    testingSteps: 'app-config.json / app.json の debug を読み取ります。バンドルから分割した JS モジュールを字句解析し（コメントと文字列の内容は照合しません）、setEnableDebug の呼び出しと new VConsole() を探します。',
    solution: 'リリース版では debug を無効にし、デバッグ用のコードと vConsole を削除してください。',
  },
  'code.source_maps': {
    purpose: 'パッケージ内の .map ファイルと、それを参照する sourceMappingURL コメントを検出します。',
    description: 'ソースマップを使うと圧縮前のソースコードを復元でき（sourcesContent を含むことも多い）、誰でも容易にロジックを解析して脆弱性を探せるようになります。',
    testingSteps: '.map ファイルを列挙して sourcesContent の有無を確認し、スクリプト末尾の sourceMappingURL を探します。',
    solution: 'リリースビルドではソースマップを生成またはアップロードしないでください。',
  },
  'code.sensitive_logging': {
    purpose: '引数にトークン、パスワード、電話番号、openid などの機密データを示す名前を含む console.log などの呼び出しを検出します。',
    description: 'コンソール出力はデバッグモードや vConsole で閲覧できるため、機密データが漏えいします。',
    testingSteps: 'バンドルから分割した JS モジュールを字句解析し（コメントと文字列の内容は照合しません）、console.* の引数に含まれる識別子と文字列を機密性の高い名前の一覧と照合します。',
    solution: 'リリース版ではログ出力を削除するか、機密性の高い項目をマスクしてください。',
  },
  'code.outdated_libraries': {
    purpose: '同梱された JS ライブラリをバージョン表記（バナー）から識別し、最初の修正版と比較します。',
    description: '古いライブラリの既知の脆弱性（プロトタイプ汚染、ReDoS、脆弱な鍵導出など）は悪用される可能性があり、ミニプログラムが配布される限り残り続けます。',
    testingSteps: 'ライブラリのバナー一覧（lodash、moment、crypto-js、underscore、axios、protobuf.js）でバージョン番号を照合し、最初の安全なバージョンと比較します。',
    solution: '最初の安全なバージョン以降にアップグレードしてください。',
  },
  'code.third_party_plugins': {
    purpose: 'app.json とサブパッケージで宣言されたプラグイン（提供元の AppID とバージョン）を列挙します。',
    description: 'プラグインは第三者が開発し、ミニプログラム内でユーザーデータにアクセスできる状態で動作します。第三者提供の一覧とセキュリティ審査の対象に含めてください。',
    testingSteps: 'app-config.json / app.json およびサブパッケージの plugins 設定を読み取ります。',
    solution: 'プラグインが信頼できる提供元のものであり、最新の状態であることを確認し、プライバシーポリシーで開示してください。',
  },

  // ── Information ────────────────────────────────────────────────────────────────
  'info.package_anomalies': {
    purpose: 'パッケージ内の安全でないエントリ名（..、絶対パス、制御文字）、重複する名前、リンク、末尾の余分なデータを列挙します。',
    description: '正規のパッケージングツールがこれらを書き込むことはありません。展開先フォルダーの外への書き込み（パストラバーサル）や、ツールごとに異なる内容を見せる目的に使われるおそれがあります。',
    testingSteps: 'パッケージのインデックスを読み取る際に各エントリの名前、オフセット、サイズを確認し、異常を記録します。',
    solution: '公式ツールで再パッケージし、ビルド環境が改ざんされていないか確認してください。',
  },
};
