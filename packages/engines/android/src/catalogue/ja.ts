/**
 * Japanese texts of the Android catalogue (purpose, description, testing steps, solution;
 * the titles carry their own ja). Translated from the en texts with the zh-CN for nuance,
 * in formal report Japanese (です・ます調) with one vocabulary across the catalogue:
 * 脆弱性, 改ざん, 難読化, 証明書, 平文通信, ハードコード, 署名, 権限, エクスポート, 攻撃者,
 * 中間者攻撃, 機密データ, リリースビルド. Identifiers, attributes, API names, CWE/MASVS ids,
 * numbers and command-line options are kept exactly as in the English.
 */
import type { TranslationTable } from '@citadel/engine-core';

/** Japanese texts of the Android catalogue, keyed by item id without platform prefix (twins share). */
export const JA_TEXTS: TranslationTable = {
  // ── AndroidManifest.xml ─────────────────────────────────────────────────────────
  'manifest.debuggable': {
    purpose: 'リリースパッケージでデバッグフラグが有効になっていないかを検査します。',
    description: 'application 要素に android:debuggable="true" が設定されている場合、ADB で端末に接続できる者は誰でもデバッガーをアタッチし、run-as でアプリの権限によりコマンドを実行し、プライベートディレクトリ内のデータを読み取り、実行時にアプリのロジックを改ざんできます。',
    testingSteps: 'AndroidManifest.xml を解析し、application 要素の android:debuggable 属性を（リソース ID で照合して）読み取ります。',
    solution: 'リリースビルドでは android:debuggable を削除するか false に設定し、Gradle の release ビルドタイプ（debuggable false）でビルドしてください。',
  },
  'manifest.allow_backup': {
    purpose: 'adb backup やクラウドバックアップによってアプリのプライベートデータを持ち出せる設定になっていないかを検査します。',
    description: 'allowBackup が true の場合（未設定の場合も既定値は true）、端末に物理的にアクセスできる攻撃者は adb backup を用いてプライベートディレクトリ内のデータベース、SharedPreferences、ファイルを取り出し、改ざんしたデータを復元できます。',
    testingSteps: 'application 要素の android:allowBackup 属性を読み取ります。未設定の場合はプラットフォームの既定値 true として扱い、fullBackupContent または dataExtractionRules によってバックアップ対象が制限されているかを確認します。',
    solution: 'android:allowBackup を false に設定してください。バックアップが必要な場合は、dataExtractionRules または fullBackupContent で機密ファイルを除外してください。',
  },
  'manifest.cleartext_traffic': {
    purpose: 'アプリが暗号化されていないネットワーク通信を許可していないかを検査します。',
    description: 'android:usesCleartextTraffic="true" が設定されている場合、または targetSdkVersion が 28 未満でこの属性もネットワークセキュリティ構成もない場合、アプリは平文の HTTP を使用でき、同一ネットワーク上の攻撃者が通信内容を盗聴・改ざんできます。',
    testingSteps: 'usesCleartextTraffic、networkSecurityConfig、targetSdkVersion を読み取り、プラットフォームの既定規則に従って平文通信が許可されるかを判定します。',
    solution: 'android:usesCleartextTraffic="false" を設定するか、ネットワークセキュリティ構成で cleartextTrafficPermitted="false" を設定し、すべてのエンドポイントで HTTPS を使用してください。',
  },
  'manifest.test_only': {
    purpose: 'パッケージがテスト専用として指定されていないかを検査します。',
    description: 'テスト専用パッケージは通常 IDE からの実行時に生成されるもので、デバッグ用コードやテスト用のエントリーポイントを含む可能性があり、正式なリリースビルドではないことを示しています。',
    testingSteps: 'application 要素の android:testOnly 属性を読み取ります。',
    solution: '正式なリリース用パイプラインでビルドし、testOnly が設定されていないことを確認してください。',
  },
  'manifest.exported_activity': {
    purpose: '他のアプリから直接起動できる Activity を検出します。',
    description: 'exported="true" が設定された Activity、または targetSdkVersion が 31 未満で intent-filter を持ち exported 属性のない Activity はエクスポートされます。android:permission がない場合、任意のアプリが細工したデータを渡して起動でき、アプリ内のアクセス制御を回避できます。',
    testingSteps: '各 activity と activity-alias について、exported 属性、インテントフィルター、targetSdkVersion からエクスポートの有無を判定し、コンポーネントと application の android:permission を確認します。ランチャー Activity は対象外とします。',
    solution: '外部から利用する必要のないコンポーネントには android:exported="false" を設定してください。エクスポートが必要なコンポーネントは signature レベルの権限で保護し、受け取るすべての Intent を検証してください。',
  },
  'manifest.exported_service': {
    purpose: '他のアプリから起動またはバインドできる Service を検出します。',
    description: '権限で保護されていないエクスポートされた Service は任意のアプリから起動・バインドでき、公開している機能を呼び出されることで、権限の悪用、データ漏えい、サービス拒否につながるおそれがあります。',
    testingSteps: '各 service について、exported 属性、インテントフィルター、targetSdkVersion からエクスポートの有無を判定し、android:permission を確認します。',
    solution: 'android:exported="false" を設定するか signature レベルの権限で保護し、onBind/onStartCommand で呼び出し元を検証してください。',
  },
  'manifest.exported_receiver': {
    purpose: '任意のアプリからのブロードキャストを受信する Receiver を検出します。',
    description: '権限で保護されていないエクスポートされた Receiver は任意のアプリから偽装されたブロードキャストを受け取り、機密性の高い処理が実行されたり、不正なデータが注入されたりするおそれがあります。',
    testingSteps: '各 receiver についてエクスポートの有無を判定し、android:permission を確認します。',
    solution: 'android:exported="false" を設定するか、signature レベルの権限を要求してください。想定したアクションのみを処理し、そのデータを検証してください。',
  },
  'manifest.exported_provider': {
    purpose: '他のアプリから読み書きできる ContentProvider を検出します。',
    description: 'エクスポートされた ContentProvider（exported="true"、または targetSdkVersion が 17 未満の場合は既定でエクスポート）に permission、readPermission、writePermission のいずれもない場合、任意のアプリがデータを照会・変更でき、SQL インジェクションやパストラバーサルによってさらに多くのデータにアクセスされるおそれがあります。',
    testingSteps: '各 provider について、属性と targetSdkVersion からエクスポートの有無を判定し、permission、readPermission、writePermission を確認します。',
    solution: 'android:exported="false" を設定してください。共有が必要な場合は signature レベルの読み取り・書き込み権限を使用し、パラメーター化クエリを使用してください。',
  },
  'manifest.grant_uri_permissions': {
    purpose: 'すべてのパスに対して一時的な URI 権限の付与を許可している Provider を検出します。',
    description: 'grantUriPermissions="true" により、Provider の任意の URI が Intent フラグを通じて他のアプリに付与可能になります。信頼できない Intent の転送と組み合わさると、プライベートデータが漏えいするおそれがあります。',
    testingSteps: '各 provider の android:grantUriPermissions 属性を読み取ります。',
    solution: 'grantUriPermissions を無効にし、付与可能なパスを grant-uri-permission 要素で列挙してください。',
  },
  'manifest.weak_permission_protection': {
    purpose: 'コンポーネントの保護に使われている、保護レベルが normal または dangerous のカスタム権限を検出します。',
    description: 'protectionLevel が normal または dangerous の権限は任意のアプリが取得できるため、その権限で保護されたコンポーネントは事実上すべてのアプリに公開されています。',
    testingSteps: '各 permission 要素の protectionLevel を読み取り、その権限で保護されているコンポーネントを列挙します。',
    solution: 'コンポーネントを保護する権限には protectionLevel signature を使用してください。',
  },
  'manifest.task_hijacking': {
    purpose: '悪意のあるアプリにタスクスタックを乗っ取られるおそれのある Activity 設定を検出します。',
    description: '他のアプリを指す空でない taskAffinity、allowTaskReparenting="true"、または taskAffinity を空にしていない launchMode singleTask があると、悪意のあるアプリが本アプリのタスクに偽装画面を差し込み、認証情報を詐取できます（StrandHogg 1.0）。',
    testingSteps: 'application と各 activity の taskAffinity、allowTaskReparenting、launchMode を確認します。',
    solution: 'application に taskAffinity="" を設定し、allowTaskReparenting の使用を避け、ターゲット SDK を 28 以上にしてください。',
  },
  'manifest.strandhogg2': {
    purpose: 'CVE-2020-0096 の修正が適用されていないシステム上でハイジャックされうるエクスポートされた Activity を検出します。',
    description: 'minSdkVersion が 29 未満の場合、アプリは CVE-2020-0096 の影響を受けるシステムにインストールでき、そこでは launchMode が standard または singleTop のエクスポートされた Activity の上に、悪意のあるアプリの偽装画面を重ねて表示されるおそれがあります。',
    testingSteps: 'minSdkVersion < 29 の場合、エクスポートされた Activity の launchMode を確認します。',
    solution: '機密性の高いエクスポートされた Activity には空の taskAffinity とともに singleTask または singleInstance を使用するか、minSdkVersion を 29 に引き上げてください。',
  },
  'manifest.min_sdk_low': {
    purpose: 'セキュリティアップデートの提供が終了した Android バージョンにアプリをインストールできないかを検査します。',
    description: 'minSdkVersion が 24（Android 7.0）未満の場合、アプリは公開済みの脆弱性（Janus、StrandHogg など）を多数抱え、既定でユーザー CA 証明書を信頼する古いシステム上で動作し、プラットフォームの保護機能が適用されません。',
    testingSteps: 'uses-sdk の android:minSdkVersion を読み取ります（未設定の場合は 1）。',
    solution: 'minSdkVersion を 24 以上に引き上げ、プラットフォームのサポート期間に合わせて定期的に見直してください。',
  },
  'manifest.high_intent_priority': {
    purpose: 'Intent を優先的に受信するために優先度が設定されたインテントフィルターを検出します。',
    description: '高い android:priority（100 以上）が設定されたコンポーネントは、順序付きブロードキャストや暗黙的 Intent を他のアプリより先に受信します。他のアプリ宛てのデータを傍受できるほか、マルウェアによく見られる特徴でもあります。',
    testingSteps: 'すべての intent-filter の android:priority を読み取ります。',
    solution: '真に必要な場合を除き、高い優先度を設定しないでください。',
  },
  'manifest.deep_links': {
    purpose: 'ブラウザや他のアプリからアプリを開くために登録されたリンクのエントリーポイントを列挙します。',
    description: 'BROWSABLE のインテントフィルターにより、Web ページや他のアプリがカスタムスキームや http(s) リンクを通じてアプリを開けるようになります。リンクのパラメーターは信頼できない入力であり、検証しなければ WebView での任意のページ読み込みや不正な操作につながるおそれがあります。',
    testingSteps: 'BROWSABLE カテゴリを持つインテントフィルター内の data 要素から scheme、host、path を収集します。',
    solution: 'すべてのリンクパラメーターを許可リストで検証し、機密性の高い操作にはユーザーの確認を求めてください。',
  },
  'manifest.app_links_unverified': {
    purpose: 'autoVerify を指定せずに http(s) リンクを処理するフィルターを検出します。',
    description: 'android:autoVerify="true" のない http(s) リンクフィルターは Web サイトとの関連付けが検証されないため、他のアプリが同じリンクを宣言して受信でき、リンクに含まれるトークンなども取得されるおそれがあります。',
    testingSteps: 'BROWSABLE カテゴリと http/https スキームを持つインテントフィルターに autoVerify="true" が設定されていることを確認します。',
    solution: 'android:autoVerify="true" を設定し、Web サイトに /.well-known/assetlinks.json を公開してください。',
  },
  'manifest.shared_user_id': {
    purpose: 'アプリが Linux ユーザー ID を他のアプリと共有していないかを検査します。',
    description: 'android:sharedUserId により、同じ署名を持つアプリ同士が権限とデータディレクトリを共有するため、1 つのアプリの脆弱性がすべてのアプリに影響します。この属性は API 29 以降非推奨です。',
    testingSteps: 'manifest 要素の android:sharedUserId 属性を読み取ります。',
    solution: 'sharedUserId を削除し、権限で保護された ContentProvider やバインドサービスを通じてデータを共有してください。',
  },
  'manifest.legacy_external_storage': {
    purpose: 'アプリが対象範囲別ストレージ（Scoped Storage）の適用を回避していないかを検査します。',
    description: 'requestLegacyExternalStorage="true" を設定すると Android 10 で対象範囲別ストレージが適用されず、他のアプリも内容を読み取れる共有外部ストレージに直接アクセスできるようになります。',
    testingSteps: 'application 要素の android:requestLegacyExternalStorage 属性を読み取ります。',
    solution: '対象範囲別ストレージに対応してこの属性を削除し、機密データはプライベートディレクトリにのみ保存してください。',
  },

  // ── Network security ───────────────────────────────────────────────────────────
  'network.config_cleartext_permitted': {
    purpose: 'ネットワークセキュリティ構成が平文の HTTP を許可していないかを検査します。',
    description: 'base-config または domain-config に cleartextTrafficPermitted="true" が設定されていると、該当ドメインへの暗号化されていない通信が許可され、盗聴や改ざんを受けるおそれがあります。',
    testingSteps: 'android:networkSecurityConfig から res/xml の構成ファイルを特定し、cleartextTrafficPermitted を読み取ります。',
    solution: 'cleartextTrafficPermitted を false に設定してください。許可する場合はデバッグビルドのローカルデバッグ用ホストに限定してください。',
  },
  'network.config_user_certificates': {
    purpose: 'リリース用の構成がユーザーがインストールした CA 証明書を信頼していないかを検査します。',
    description: 'trust-anchors に <certificates src="user"/> が含まれていると、ユーザーまたは MDM がインストールした任意の CA がアプリに信頼される証明書を発行でき、HTTPS に対する中間者攻撃が可能になります。',
    testingSteps: 'base-config と domain-config（debug-overrides を除く）配下の trust-anchors を読み取ります。',
    solution: 'リリース用の構成ではシステムの CA 証明書のみを信頼し、デバッグ用の信頼設定は debug-overrides に記述してください。',
  },
  'network.config_override_pins': {
    purpose: 'trust-anchors の overridePins 設定を検査します。',
    description: 'overridePins="true" を設定すると、その証明書ソースから発行された証明書がピンニングを回避できます。ユーザー CA 証明書に適用した場合、ピンニングは完全に無効になります。',
    testingSteps: 'certificates 要素の overridePins 属性を確認します。',
    solution: 'リリース用の構成から overridePins を削除してください。',
  },
  'network.config_debug_overrides': {
    purpose: 'デバッグ専用の信頼設定がパッケージに含まれたまま配布されていないかを検査します。',
    description: 'debug-overrides はアプリがデバッグ可能な場合にのみ適用されますが、リリースパッケージもデバッグ可能であれば、緩和された信頼設定が実際に有効になります。',
    testingSteps: 'debug-overrides 要素の有無を確認し、debuggable フラグと併せて評価します。',
    solution: 'リリースビルドでは debug-overrides を含まない構成を配布してください（ビルドタイプごとのリソースで切り替えます）。',
  },
  'network.certificate_pinning': {
    purpose: 'アプリが証明書または公開鍵のピンニングを実装しているかを検査します。',
    description: 'ピンニングは、信頼された CA が悪用された場合やプロキシの CA 証明書がインストールされた場合でも中間者攻撃を防ぎます。pin-set または OkHttp CertificatePinner などの実装が見つかった場合は保護対策ありとして報告し、見つからない場合は保護対策の欠如として報告します。',
    testingSteps: 'ネットワークセキュリティ構成の pin-set と、DEX コード内の CertificatePinner などのピンニング API を確認します。',
    solution: '重要なホストに対して証明書または公開鍵のピンニングを設定し、バックアップ用のピンと更新手段を用意してください。',
  },
  'network.trust_all_certificates': {
    purpose: 'サーバー証明書を検証しないカスタム X509TrustManager 実装を検出します。',
    description: 'checkServerTrusted が空の実装（例外を投げない）である TrustManager は、攻撃者の自己署名証明書を含むあらゆる証明書を受け入れるため、HTTPS による保護が無効になります。',
    testingSteps: 'javax.net.ssl.X509TrustManager を実装するクラスを探し、checkServerTrusted が単に return するだけになっていないかを確認します。',
    solution: 'システムの TrustManager を使用してください。カスタム実装では証明書チェーンを検証し、検証に失敗した場合は CertificateException をスローしてください。',
  },
  'network.allow_all_hostname_verifier': {
    purpose: '任意のホスト名を受け入れる HostnameVerifier を検出します。',
    description: 'ALLOW_ALL_HOSTNAME_VERIFIER、NoopHostnameVerifier、または常に true を返す verify メソッドを使用すると、有効な証明書であれば何でもサーバーになりすませます。',
    testingSteps: 'ALLOW_ALL_HOSTNAME_VERIFIER の参照、NoopHostnameVerifier の使用、および verify が常に true を返す HostnameVerifier 実装を探します。',
    solution: '既定のホスト名検証を使用し、すべてを受け入れる実装に置き換えないでください。',
  },

  // ── Signing certificate ───────────────────────────────────────────────────────
  'certificate.unsigned': {
    purpose: 'パッケージがいずれかの署名スキームによる署名を持っているかを検査します。',
    description: '署名されていない APK はインストールできず、配布元も完全性も証明できません。通常はビルドの不備か、再パッケージされたファイルであることを意味します。',
    testingSteps: 'META-INF 内の v1 署名ファイルと、APK Signing Block 内の v2/v3/v3.1 署名を確認します。',
    solution: 'apksigner を使用して、リリース用証明書で署名してください（スキーム v2 以降）。',
  },
  'certificate.signature_invalid': {
    purpose: '各スキームの署名とダイジェストがファイルの内容と一致するかを検証します。',
    description: '署名またはコンテンツダイジェストの検証に失敗した場合、署名後にファイルが改ざんされたか署名ブロックが偽造されたことを意味し、完全性は保証されません。',
    testingSteps: 'v2/v3/v3.1 ブロックの署名とコンテンツダイジェストを検証し、v1 については .SF に記載された MANIFEST.MF のダイジェストを検証します。',
    solution: '信頼できる入手元からパッケージを再取得するか、リリース用証明書で再署名してください。',
  },
  'certificate.v1_entry_digests': {
    purpose: 'v1（JAR）署名の MANIFEST.MF に記載された各エントリのダイジェストを検証し、署名後に追加または削除されたエントリを探します。',
    description: 'v1 署名は、MANIFEST.MF に記載された全エントリのダイジェストによってパッケージの内容を保護します。ダイジェストが一致しない場合は署名後にエントリが変更されたことを意味し、マニフェストに記載のないエントリは署名で保護されていない（署名後に追加された）ものであり、記載されているのにアーカイブに存在しないエントリは削除されたものです。v1 に依存するシステム（Android 7.0 未満）は、このようなパッケージのインストールを拒否するか、誤った判断に誘導されるおそれがあります。',
    testingSteps: 'apksigner と同じ規則で、署名対象となるすべてのエントリについて展開後のバイト列のハッシュを計算して MANIFEST.MF の値と比較し、各 .SF がそれらのエントリを網羅していることを確認します。',
    solution: '信頼できる入手元からパッケージを再取得するか、内容が確定した後に再署名してください（スキーム v2 以降も併用してください）。',
  },
  'certificate.debug_certificate': {
    purpose: 'パッケージが Android SDK のデバッグ証明書で署名されていないかを検査します。',
    description: 'デバッグ証明書（CN=Android Debug）はすべての開発環境で自動生成されるため、その署名は配布元の証明にならず、アプリストアもこの証明書で署名されたパッケージを受け付けません。',
    testingSteps: '署名者証明書のサブジェクトを読み取り、CN=Android Debug, O=Android, C=US と比較します。',
    solution: '適切に保護されたリリース用証明書で署名してください。',
  },
  'certificate.janus': {
    purpose: 'v1 のみで署名され、Android 7.0 未満のシステムにインストール可能なパッケージを検出します。',
    description: 'v1（JAR）署名のみで minSdkVersion が 24 未満の場合、アプリは Android 5.0–7.0 上で Janus（CVE-2017-13156）の影響を受けます。APK の先頭に DEX を付加しても署名は有効なままとなり、アップデートとしてインストールされてしまいます。',
    testingSteps: '存在する署名スキームと minSdkVersion を確認します。',
    solution: 'スキーム v2 以降で署名してください（旧システム向けに v1 を併用することは問題ありません）。',
  },
  'certificate.weak_signature_algorithm': {
    purpose: '署名者証明書と v1 署名のダイジェストアルゴリズムを検査します。',
    description: 'MD5 と SHA-1 には実用的な衝突攻撃が存在し、これらに基づく署名では完全性を確実に保護できません。',
    testingSteps: '証明書の署名アルゴリズムと、PKCS#7 SignerInfo のダイジェストアルゴリズムを読み取ります。',
    solution: 'SHA-256 以上を使用する証明書と署名スキームで再署名してください。',
  },
  'certificate.certificate_validity': {
    purpose: '署名者証明書の有効期間を検査します。',
    description: '期限切れまたは有効期間開始前の証明書は鍵管理が不十分であることを示しており、一部のシステムやアプリストアはこのようなパッケージを拒否します。',
    testingSteps: 'notBefore / notAfter を解析時刻と比較します。',
    solution: '有効期間が 25 年以上の証明書を使用し、署名スキーム v3 で鍵をローテーションしてください。',
  },

  // ── Code ───────────────────────────────────────────────────────────────────────
  'code.runtime_exec': {
    purpose: 'Runtime.exec または ProcessBuilder でコマンドを実行するコードを検出します。',
    description: '外部からの入力を組み込んだコマンドを実行すると、コマンドインジェクションにつながるおそれがあります。また、アプリの権限で実行されるコマンドは、環境の探索や権限昇格に悪用されるおそれがあります。',
    testingSteps: 'DEX バイトコード内で java.lang.Runtime.exec と java.lang.ProcessBuilder.start の呼び出しを探し、クラスとメソッドを記録します。',
    solution: 'システムコマンドの実行は避けてください。必要な場合は固定のコマンドと引数配列を使用し、外部入力を連結しないでください。',
  },
  'code.dynamic_code_loading': {
    purpose: '実行時に DEX、JAR、ネイティブライブラリを読み込むコードを検出します。',
    description: 'DexClassLoader、PathClassLoader、InMemoryDexClassLoader、System.load で読み込まれたコードはインストール時の署名検証を経ません。ファイルが書き込み可能な場所にある場合やダウンロードされたものである場合、攻撃者がファイルを置き換えてコードを注入できます。',
    testingSteps: 'これらのクラスローダーの生成と System.load の呼び出しを探します。',
    solution: '動的な読み込みは避けてください。必要な場合はプライベートな読み取り専用の場所からのみ読み込み、事前に署名またはハッシュを検証してください。',
  },
  'code.sql_injection': {
    purpose: '連結した文字列を SQL として実行するコードを検出します。',
    description: 'rawQuery、execSQL などに渡す生の SQL にユーザー入力を連結すると、攻撃者が SQL 文の構造を変更し、データベース内の任意のデータを読み取り・改ざんできます。',
    testingSteps: 'SQLiteDatabase.rawQuery/execSQL などの呼び出しの SQL 引数が、StringBuilder による連結または String.format の結果に由来するかを確認します。',
    solution: 'パラメーター化クエリ（selectionArgs、SQLiteStatement のバインド引数）または Room を使用し、入力を連結しないでください。',
  },
  'code.insecure_logging': {
    purpose: 'Log や標準出力で情報を出力するコードを検出します。',
    description: 'android.util.Log と System.out の出力は、古いシステムでは他のアプリから読み取ることができ、adb logcat やバグレポートにも収集されます。アカウント、トークン、カード番号などをログに出力すると漏えいにつながります。',
    testingSteps: 'android.util.Log の各メソッド、System.out/err.println、printStackTrace の呼び出しを探し、呼び出し位置と定数引数を記録します。',
    solution: 'リリースビルドではログ出力を除去し（例：R8 の -assumenosideeffects）、機密データは決してログに出力しないでください。',
  },
  'code.clipboard': {
    purpose: 'クリップボードへの書き込みや読み取りを行うコードを検出します。',
    description: 'クリップボードはシステム全体で共有されており、Android 10 未満ではどのアプリからも読み取れます。コピーされたパスワードや認証コードは悪意のあるアプリに取得されるおそれがあります。また、クリップボードの読み取りはプライバシー上の問題にもなります。',
    testingSteps: 'ClipboardManager.setPrimaryClip、setText、getPrimaryClip などの呼び出しを探します。',
    solution: '機密性の高い入力欄ではコピーを無効にしてください。コピーを許可する場合は ClipDescription.EXTRA_IS_SENSITIVE を設定し、速やかにクリアしてください。',
  },
  'code.insecure_random': {
    purpose: 'java.util.Random と Math.random の使用を検出します。',
    description: 'java.util.Random と Math.random の出力は予測可能であり、鍵、トークン、認証コード、IV の生成に使用すると、攻撃者が値を推定できます。',
    testingSteps: 'java.util.Random の生成と Math.random の呼び出しを探します。',
    solution: 'セキュリティに関わる用途には java.security.SecureRandom を使用してください。',
  },
  'code.temp_file': {
    purpose: 'File.createTempFile でデータを保存するコードを検出します。',
    description: '一時ファイルには機密データが保存されることが多く、削除されないまま残りがちです。共有の場所に作成された場合、他のアプリに読み取られたり、先回りして作成されたりするおそれがあります。',
    testingSteps: 'java.io.File.createTempFile の呼び出しを探します。',
    solution: '機密データを一時ファイルに保存しないでください。必要な場合はプライベートなキャッシュディレクトリを使用し、使用後ただちに削除してください。',
  },

  // ── WebView ────────────────────────────────────────────────────────────────────
  'webview.js_interface': {
    purpose: 'Web ページに Java オブジェクトを公開している WebView を検出します。',
    description: 'addJavascriptInterface により、ページのスクリプトから Java メソッドを呼び出せるようになります。Android 4.2 未満ではリフレクションにより任意の public メソッドに到達でき、コード実行が可能です。新しいシステムでも、信頼できないページや傍受されたページから公開メソッドを呼び出されるおそれがあります。',
    testingSteps: 'WebView.addJavascriptInterface の呼び出しを探し、クラスとメソッドを記録します。',
    solution: 'インターフェースは信頼できる HTTPS ページにのみ公開し、メソッドに @JavascriptInterface を付与して引数を検証してください。minSdkVersion は 17 以上にしてください。',
  },
  'webview.javascript_enabled': {
    purpose: 'JavaScript が有効になっている WebView を検出します。',
    description: 'JavaScript が有効な場合、WebView 内の信頼できないコンテンツや注入されたコンテンツがスクリプトを実行でき、クロスサイトスクリプティングやインターフェース悪用の攻撃対象領域が広がります。',
    testingSteps: 'WebSettings.setJavaScriptEnabled(true) の呼び出しを探します。',
    solution: 'JavaScript は必要な場合にのみ有効にし、信頼できる HTTPS コンテンツのみを読み込んでください。',
  },
  'webview.file_access': {
    purpose: 'file:// へのアクセスを許可する WebView の設定を検出します。',
    description: 'setAllowFileAccess(true) または setAllowFileAccessFromFileURLs(true) により、file:// のページがローカルファイルを読み取れるようになります。攻撃者が制御する HTML が読み込まれると、プライベートデータが窃取されるおそれがあります。',
    testingSteps: 'これらの設定メソッドが true で呼び出されている箇所を探します。',
    solution: 'これらを false に設定し、ローカルコンテンツは WebViewAssetLoader で読み込んでください。',
  },
  'webview.universal_access': {
    purpose: 'setAllowUniversalAccessFromFileURLs(true) を検出します。',
    description: 'この設定により、file:// ページ内のスクリプトがローカルファイルやリモートサイトを含む任意のオリジンにアクセスできるようになり、ローカルファイルを読み取って外部に送信されるおそれがあります。',
    testingSteps: 'WebSettings.setAllowUniversalAccessFromFileURLs(true) の呼び出しを探します。',
    solution: 'この設定を有効にしないでください。',
  },
  'webview.debugging_enabled': {
    purpose: 'setWebContentsDebuggingEnabled(true) を検出します。',
    description: '有効にすると、アプリのすべての WebView を chrome://inspect から調査でき、ページの内容、Cookie、ローカルストレージが露出します。',
    testingSteps: 'WebView.setWebContentsDebuggingEnabled(true) の呼び出しを探します。',
    solution: 'デバッグビルドでのみ有効にしてください（例：BuildConfig.DEBUG を条件とする）。',
  },
  'webview.ssl_error_proceed': {
    purpose: 'onReceivedSslError で読み込みを続行する WebViewClient を検出します。',
    description: 'onReceivedSslError 内で SslErrorHandler.proceed() を呼び出すと、証明書エラーを無視して処理が続行されるため、WebView の HTTPS 通信が中間者攻撃にさらされます。',
    testingSteps: 'onReceivedSslError メソッド内の SslErrorHandler.proceed の呼び出しを探します。',
    solution: '証明書エラーの場合は読み込みを続行せず、handler.cancel() を呼び出してください。',
  },
  'webview.mixed_content': {
    purpose: 'setMixedContentMode(MIXED_CONTENT_ALWAYS_ALLOW) を検出します。',
    description: 'HTTPS ページが HTTP のリソースを読み込める場合、中間者が平文で読み込まれるスクリプトを改ざんし、ページ全体を乗っ取るおそれがあります。',
    testingSteps: 'WebSettings.setMixedContentMode が 0 で呼び出されている箇所を探します。',
    solution: '既定の MIXED_CONTENT_NEVER_ALLOW を維持し、すべてのリソースを HTTPS で配信してください。',
  },

  // ── Cryptography ───────────────────────────────────────────────────────────────
  'crypto.ecb_mode': {
    purpose: 'ECB モードで使用されているブロック暗号を検出します。',
    description: 'ECB は同じ平文ブロックを同じ暗号文ブロックに暗号化するため、データの構造が漏えいし、完全性の保護もありません。Android では、モードを指定しない Cipher.getInstance("AES") は既定で ECB になります。',
    testingSteps: 'Cipher.getInstance の定数引数を確認し、明示的な ECB またはモード指定のない共通鍵暗号アルゴリズムを特定します。',
    solution: 'AES/GCM/NoPadding などの認証付き暗号モードを使用し、暗号化のたびに新しいランダムな IV を生成してください。',
  },
  'crypto.weak_cipher': {
    purpose: '使用が推奨されない旧式の暗号アルゴリズムを検出します。',
    description: 'DES は鍵長が 56 ビットしかなく、3DES はブロック長が短く（Sweet32）、RC4、RC2、Blowfish には既知の弱点があります。いずれもデータを十分に保護できません。',
    testingSteps: 'Cipher.getInstance、SecretKeyFactory、KeyGenerator のアルゴリズム引数を確認します。',
    solution: '128 ビット以上の鍵による AES、または ChaCha20-Poly1305 を使用してください。',
  },
  'crypto.weak_hash': {
    purpose: 'MD5 や SHA-1 などの弱いハッシュアルゴリズムの使用を検出します。',
    description: 'MD5 と SHA-1 は実際に衝突を生成できるため、署名、完全性チェック、パスワードの保存に使用しても期待されるセキュリティは得られません。',
    testingSteps: 'MessageDigest.getInstance と Mac.getInstance のアルゴリズム、および DigestUtils などの md5/sha1 ヘルパーの呼び出しを確認します。',
    solution: 'SHA-256 以上を使用してください。パスワードの保存には PBKDF2、bcrypt、Argon2 を使用してください。',
  },
  'crypto.static_iv': {
    purpose: '定数から生成された IvParameterSpec を検出します。',
    description: '固定の IV を使用すると同じ平文が同じ暗号文になり、CBC ではパターンが漏えいし、GCM/CTR ではキーストリームが再利用されて平文が露出するおそれがあります。',
    testingSteps: 'IvParameterSpec が文字列定数または定数配列から生成されていないかを確認します。',
    solution: '暗号化のたびに SecureRandom で新しい IV を生成し、暗号文とともに保存してください。',
  },
  'crypto.hardcoded_key': {
    purpose: 'コードに埋め込まれた共通鍵を検出します。',
    description: 'コード内の鍵は逆コンパイルによって取得でき、その鍵で保護されたすべてのデータが復号または偽造されるおそれがあります。',
    testingSteps: 'SecretKeySpec の鍵が文字列定数に由来するかを確認し、暗号処理に渡される鍵らしい定数（16 進数 32/48/64 桁、16/24/32 バイトの Base64）を探します。',
    solution: '鍵は Android Keystore で生成・保管するか、実行時に安全な方法で取得してください。',
  },
  'crypto.rsa_no_padding': {
    purpose: 'RSA/ECB/NoPadding または PKCS1Padding による暗号化を検出します。',
    description: 'パディングなしの RSA は決定的で展性があり、PKCS#1 v1.5 パディングは Bleichenbacher のパディングオラクル攻撃の影響を受けます。',
    testingSteps: 'Cipher.getInstance の RSA 変換文字列を確認します。',
    solution: 'RSA/ECB/OAEPWithSHA-256AndMGF1Padding を使用してください。',
  },

  // ── Storage ────────────────────────────────────────────────────────────────────
  'storage.world_readable_writable': {
    purpose: '全ユーザー読み取り可能または書き込み可能として作成されたファイルを検出します。',
    description: 'MODE_WORLD_READABLE / MODE_WORLD_WRITEABLE で作成されたファイル、SharedPreferences、データベース、または setReadable/setWritable(true, false) で権限を緩められたファイルは、任意のアプリから読み取り・改ざんされるおそれがあります。',
    testingSteps: 'openFileOutput、getSharedPreferences、openOrCreateDatabase の mode 引数と、File.setReadable/setWritable の ownerOnly 引数を確認します。',
    solution: 'MODE_PRIVATE を使用し、データの共有には ContentProvider または FileProvider を使用してください。',
  },
  'storage.external_storage': {
    purpose: '外部ストレージを読み書きするコードを検出します。',
    description: '外部ストレージ上のファイルは、ストレージへのアクセス権限を持つ他のアプリが読み取り・変更できます。そこに書き込んだ機密データは漏えいし、そこから読み込むファイルは改ざんされているおそれがあります。',
    testingSteps: 'Environment.getExternalStorageDirectory、getExternalStoragePublicDirectory、Context.getExternalFilesDir などの呼び出しを探します。',
    solution: '機密データはプライベートディレクトリに保存し、必要に応じて暗号化してください。外部ストレージから読み込むデータは完全性を検証してください。',
  },
  'storage.shared_preferences_sensitive': {
    purpose: 'パスワードやトークンなどを示すキー名で SharedPreferences に書き込むコードを検出します。',
    description: 'SharedPreferences はアプリディレクトリ内の平文の XML ファイルであり、root 化された端末、バックアップ、またはアプリがデバッグ可能な場合に読み取られます。',
    testingSteps: 'SharedPreferences.Editor.putString などのキー定数を、password、token、secret、pin などの機密性の高い名前と照合します。',
    solution: 'パスワードを端末内に保存しないでください。その他の機密データは Keystore で保護された鍵で暗号化してください。',
  },
  'storage.sqlite_sensitive': {
    purpose: 'テーブルにパスワードやカード番号などを保持する平文のデータベースを検出します。',
    description: '暗号化されていない SQLite ファイルは、root 化された端末、バックアップ、またはデバッグ可能な状態でコピーして読み取ることができ、保存されたパスワードやカード番号が露出します。',
    testingSteps: 'コード内の CREATE TABLE 定数を確認し、password、credit_card、token などの機密性の高い列名を探します。',
    solution: 'パスワードは保存しないでください。機密性の高い列を暗号化するか、SQLCipher などの暗号化データベースを使用してください。',
  },

  // ── Native libraries ───────────────────────────────────────────────────────────
  'native.nx': {
    purpose: 'スタックが実行可能として設定されていないかを検査します。',
    description: 'PT_GNU_STACK がない場合、またはそれが実行可能な場合、スタック上のコードを実行できるため、バッファオーバーフローで注入されたシェルコードがそのまま実行されます。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、PT_GNU_STACK のフラグを確認します。',
    solution: '最新の NDK でビルドし、-z noexecstack を指定してリンクしてください。',
  },
  'native.stack_canary': {
    purpose: 'スタック破壊保護が有効になっているかを検査します。',
    description: '-fstack-protector を使用しない場合、スタックバッファオーバーフローで戻りアドレスが検知されずに上書きされ、制御フローを乗っ取られるおそれがあります。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、__stack_chk_fail / __stack_chk_guard のインポートを確認します。',
    solution: 'すべてのネイティブコードを -fstack-protector-strong でコンパイルしてください。',
  },
  'native.pie': {
    purpose: '実行ファイルが位置独立実行形式（PIE）であるかを検査します。',
    description: 'PIE でない実行ファイルは固定アドレスに読み込まれるため ASLR が無効になり、メモリ破壊の脆弱性の悪用が容易になります。Android 5.0 以降ではこのような実行ファイルは実行できません。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、ELF タイプが ET_DYN であることを確認します。',
    solution: '-fPIE -pie を指定してコンパイル・リンクしてください。',
  },
  'native.relro': {
    purpose: '再配置後に GOT が読み取り専用になるかを検査します。',
    description: 'RELRO がない場合、または Partial RELRO のみの場合、グローバルオフセットテーブルは書き込み可能なままとなり、その関数ポインターを上書きされて制御フローを乗っ取られるおそれがあります。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、PT_GNU_RELRO と BIND_NOW フラグを確認します。',
    solution: '-Wl,-z,relro,-z,now を指定してリンクしてください。',
  },
  'native.fortify': {
    purpose: '境界チェック付きの _chk 関数が使用されているかを検査します。',
    description: 'FORTIFY_SOURCE は memcpy や strcpy などを長さチェック付きの版に置き換え、実行時に一部のオーバーフローを阻止します。有効でない場合、この防御層が欠けることになります。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、__*_chk 関数のインポートを確認します。',
    solution: '-O2 -D_FORTIFY_SOURCE=2 を指定してコンパイルしてください。',
  },
  'native.rpath': {
    purpose: '動的セクション内のライブラリ検索パスを検査します。',
    description: 'RPATH/RUNPATH が書き込み可能なディレクトリを指している場合、攻撃者が同名のライブラリを配置して先に読み込ませることができます。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、DT_RPATH と DT_RUNPATH を確認します。',
    solution: 'RPATH/RUNPATH のリンカーオプションを削除してください。',
  },
  'native.text_relocations': {
    purpose: '実行時にコード領域へ書き込む再配置を検出します。',
    description: 'テキスト再配置があるとロード時にコードページが書き込み可能になり、W^X が破られます。Android 6.0 以降ではこのようなライブラリは読み込まれません。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、DT_TEXTREL と DF_TEXTREL を確認します。',
    solution: 'すべてのオブジェクトを -fPIC でコンパイルしてください。',
  },
  'native.dangerous_functions': {
    purpose: 'strcpy、sprintf、gets、system などの危険な libc 関数のインポートを検出します。',
    description: 'これらの関数は書き込み先のサイズを確認しないか、コマンドを実行するものであり、誤って使用するとバッファオーバーフローやコマンドインジェクションを引き起こします。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、インポートされたシンボルを危険な関数の一覧と照合します。',
    solution: 'strlcpy や snprintf などの長さ制限付き関数を使用し、system/popen の使用を避けてください。',
  },
  'native.not_stripped': {
    purpose: '配布されるライブラリに .symtab シンボルテーブルが残っていないかを検査します。',
    description: '完全なシンボルテーブルは内部の関数名や構造を明らかにし、リバースエンジニアリングを大幅に容易にします。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、SHT_SYMTAB セクションの有無を確認します。',
    solution: 'リリース前にライブラリのシンボルを削除（strip）してください（NDK はリリースビルドで自動的に行います）。',
  },
  'native.page_alignment_16k': {
    purpose: '64 ビットライブラリの LOAD セグメントが 16 KB ページの要件を満たしているかを検査します。',
    description: 'Android 15 以降、一部の端末は 16 KB ページを使用します。LOAD セグメントのアライメントが 16 KB 未満の 64 ビットライブラリは読み込みに失敗し、アプリがクラッシュします。Google Play は新規アプリに 16 KB ページへの対応を求めています。',
    testingSteps: 'lib/<ABI>/ 配下のすべての .so について、ELF プログラムヘッダー、動的セクション、シンボルを解析し、64 ビットライブラリのすべての PT_LOAD の p_align が 16384 以上であることを確認します。',
    solution: 'NDK r28 以降でビルドするか、-Wl,-z,max-page-size=16384 を指定してリンクしてください。',
  },

  // ── Secrets and addresses ──────────────────────────────────────────────────────
  'secrets.api_keys': {
    purpose: 'パッケージ内に含まれる、クラウド、決済、地図、プッシュ通知などのサービスの利用可能な鍵を検出します。',
    description: 'パッケージ内のアクセスキー、シークレット、トークン、秘密鍵は誰でも抽出でき、有料 API の呼び出し、クラウドストレージへのアクセス、アプリへのなりすましに悪用されるおそれがあります。',
    testingSteps: 'DEX の文字列定数、resources.arsc の文字列、assets および res/raw 配下のテキストファイルを、既知の鍵形式（AWS、Alibaba Cloud、Tencent Cloud、Google、Stripe、秘密鍵など）のルールでスキャンします。',
    solution: '鍵はサーバー側に移し、認証されたエンドポイントを経由して呼び出してください。漏えいした鍵はただちに失効させ、ローテーションしてください。',
  },
  'secrets.hardcoded_credentials': {
    purpose: 'コードにハードコードされたユーザー名、パスワード、API キー、およびユーザー入力と比較される固定のシークレットを検出します。',
    description: 'コードに記述されたパスワードや、ユーザー入力と比較される固定のシークレットは逆コンパイルによって取得でき、攻撃者によるログインや検証の回避を許します。',
    testingSteps: 'DEX の文字列定数、resources.arsc の文字列、assets および res/raw 配下のテキストファイルから、password、secret、API key などのラベルに続く値を探し、String.equals でテキスト入力欄の値と比較される定数を確認します。',
    solution: '認証情報の検証はサーバー側で行い、クライアントには一切保持しないでください。',
  },
  'secrets.high_entropy_strings': {
    purpose: '特定のルールでは識別されなかったランダムに見える文字列を、手動確認のために列挙します。',
    description: '高エントロピーの文字列は、トークン、鍵、暗号化データである可能性もあれば、無害な識別子である可能性もあります。前後の文脈から確認してください。',
    testingSteps: 'DEX の文字列定数、resources.arsc の文字列、assets および res/raw 配下のテキストファイルをスキャンしてシャノンエントロピーを計算し、ハッシュ、UUID、画像データを除外します。',
    solution: '鍵であることが確認された文字列は、ハードコードされたシークレットとして対処してください。',
  },
  'secrets.http_urls': {
    purpose: 'コードとリソース内の http:// のサービスアドレスを列挙します。',
    description: 'http:// でアクセスされるエンドポイントやリソースは暗号化されずに送信され、通信経路上で盗聴・改ざんされるおそれがあります。',
    testingSteps: 'DEX の文字列定数、resources.arsc の文字列、assets および res/raw 配下のテキストファイルをスキャンして http:// の URL を抽出し、XML 名前空間などの参照用 URL を除外します。',
    solution: 'すべてのエンドポイントで HTTPS を使用してください。',
  },
  'secrets.endpoints': {
    purpose: 'セキュリティおよびコンプライアンスの確認のため、パッケージ内のサービスアドレス、IP アドレス、メールアドレスを列挙します。',
    description: 'アプリが通信するサーバーや、ハードコードされた内部・テスト用アドレス、個人のメールアドレスから、バックエンドの構成や開発の詳細が明らかになるおそれがあります。',
    testingSteps: 'DEX の文字列定数、resources.arsc の文字列、assets および res/raw 配下のテキストファイルをスキャンし、URL、IPv4/IPv6 アドレス、メールアドレスを検出箇所とともに抽出します。',
    solution: 'テスト用および内部用のアドレスを削除し、すべてのサーバーが想定どおりのものであることを確認してください。',
  },
  'secrets.sensitive_words': {
    purpose: 'タスクに設定された機密ワードがパッケージ内のどこに現れるかを検出します。',
    description: '機密ワードはユーザーがタスクごとに設定するもの（社内プロジェクト名、テスト用アカウント、ドメインなど）であり、リリースパッケージ内で見つかった場合は情報漏えいを意味する可能性があります。',
    testingSteps: 'DEX の文字列定数、resources.arsc の文字列、assets および res/raw 配下のテキストファイルから、各機密ワードを大文字・小文字を区別せずに探します。',
    solution: '該当する内容をリリースパッケージから削除してください。',
  },

  // ── Resilience ─────────────────────────────────────────────────────────────────
  'resilience.root_detection': {
    purpose: 'アプリが root 化された端末を検出するかを検査します。',
    description: 'root 化された端末ではサンドボックスが機能せず、他のプロセスがアプリのデータを読み取ったりコードを注入したりできます。su のパス、Superuser/Magisk のパッケージ名、test-keys のチェック、RootBeer などのライブラリが見つかった場合は保護対策ありと判定し、見つからない場合は保護対策の欠如として報告します。',
    testingSteps: 'DEX の文字列と呼び出しから、su のパス、root 管理アプリのパッケージ、Build.TAGS の test-keys チェック、root 検出ライブラリを探します。',
    solution: '機密性の高い機能では複数の root 検出手法を組み合わせ、Play Integrity などによるサーバー側の検証も行ってください。',
  },
  'resilience.emulator_detection': {
    purpose: 'アプリがエミュレーターを検出するかを検査します。',
    description: 'エミュレーターを使うと、大量実行、動的解析、自動化された攻撃が容易になります。goldfish、ranchu、ro.kernel.qemu などの特徴に対するチェックが見つかった場合は保護対策ありと判定します。',
    testingSteps: 'DEX の文字列からエミュレーターの特徴と関連するシステムプロパティを探します。',
    solution: 'リスクの高い機能にエミュレーター検出を追加し、サーバー側のリスク管理と組み合わせてください。',
  },
  'resilience.debugger_detection': {
    purpose: 'アプリがデバッガーやデバッグ可能な状態を検出するかを検査します。',
    description: 'デバッガーを使うとコードのステップ実行、メモリの読み取り、ロジックの改ざんが可能です。Debug.isDebuggerConnected の呼び出し、ApplicationInfo.FLAG_DEBUGGABLE のチェック、TracerPid のチェックが見つかった場合は保護対策ありと判定します。',
    testingSteps: 'DEX から Debug.isDebuggerConnected / waitingForDebugger の呼び出し、FLAG_DEBUGGABLE (0x2) と照合される ApplicationInfo.flags、TracerPid の文字列を探します。',
    solution: '重要な処理フローでデバッガーを検出し、適切に対処してください。',
  },
  'resilience.tamper_detection': {
    purpose: 'アプリが実行時に自身の署名またはインストール元を検証しているかを検査します。',
    description: '再パッケージは、マルウェアの埋め込みや有料機能のクラックに用いられる手口です。実行時に自身の署名（GET_SIGNATURES / GET_SIGNING_CERTIFICATES）またはインストール元を読み取っている場合は保護対策ありと判定します。',
    testingSteps: 'GET_SIGNATURES (0x40) または GET_SIGNING_CERTIFICATES (0x8000000) を指定した PackageManager.getPackageInfo の呼び出しと、getInstallerPackageName の呼び出しを探します。',
    solution: '実行時に署名証明書のダイジェストを確認し、サーバー側でも完全性を検証してください。',
  },
  'resilience.obfuscation': {
    purpose: 'アプリ自身のコードのクラス名とメソッド名が難読化されているかを検査します。',
    description: '難読化されていないコードは意味のある名前を保持しているため、逆コンパイルしたコードがソースコードのように読めてしまいます。アプリ自身のクラスで短い名前（a、b、c など）の割合が高い場合は難読化済みと判定します。',
    testingSteps: '既知の SDK 以外のクラスについて、単純名が 1〜2 文字であるものの割合を測定します。',
    solution: 'リリースビルドで R8/ProGuard による難読化を有効にし、必要に応じて商用の堅牢化ソリューションを使用してください。',
  },

  // ── SDKs and packers ───────────────────────────────────────────────────────────
  'sdk.third_party': {
    purpose: 'パッケージに含まれるサードパーティ SDK とそのカテゴリを列挙します。',
    description: 'サードパーティ SDK はアプリのプロセス内でアプリと同じ権限で動作するため、その脆弱性、データ収集、コンプライアンス上の問題はアプリ自身の問題となります。コードの検出結果は、アプリ本体か、そのクラスを含む SDK のいずれかに帰属させて示します。',
    testingSteps: 'DEX のクラス名を、SDK ライブラリ（名称、パッケージ接頭辞、カテゴリ）と最長のパッケージ接頭辞で照合します。',
    solution: '一覧をプライバシーポリシーと照合し、脆弱性のある SDK を更新し、使用していない SDK を削除してください。',
  },
  'packer.hardening': {
    purpose: 'パッケージが商用パッカーで保護されているかを識別します。',
    description: 'Jiagu 360、Bangcle、Ijiami、Tencent Legu、Baidu、Alibaba、NetEase Yidun、DexProtector などのパッカーは、DEX を暗号化してスタブコードの背後に隠し、リバースエンジニアリングへの耐性を高めます。パッカーが検出された場合は保護対策ありと判定します。パック済みの DEX コードは解析できないため、コードの検出結果が不完全な場合があります。',
    testingSteps: 'ネイティブライブラリ名、assets のファイル名、スタブの Application クラスを既知のパッカーの特徴と比較します。',
    solution: 'リバースエンジニアリングへの耐性を高めるには、実績のあるパッカーを使用し、保護後のパッケージを再評価してください。',
  },

  // ── Information ────────────────────────────────────────────────────────────────
  'info.dangerous_permissions': {
    purpose: '最小権限とプライバシーの観点から確認するため、アプリが要求する危険な（実行時）権限を列挙します。',
    description: '危険な権限は位置情報、連絡先、SMS、カメラ、マイク、ストレージなどのプライベートなデータにアクセスします。機能に必要な範囲を超える権限は悪用時の影響を広げ、コンプライアンス上のリスクを高めます。',
    testingSteps: 'uses-permission 要素を読み取り、プラットフォームの危険な権限と照合します。',
    solution: '不要な権限を削除し、残りの権限は使用する時点で用途を説明したうえで要求してください。',
  },
  'info.archive_anomalies': {
    purpose: '解析ツールの妨害や内容の隠蔽によく使われる ZIP およびバイナリ XML の異常を検出します。',
    description: 'エントリ名の重複、偽の暗号化フラグ、ローカルヘッダーと中央ディレクトリで異なる名前、安全でないパス、不正な形式のバイナリ XML があると、ツールとシステムが異なる内容を参照することになります。これらはマルウェアや解析妨害を施したパッケージによく見られます。',
    testingSteps: 'ZIP の中央ディレクトリとローカルヘッダーを比較し、バイナリ XML の読み取り時に許容した異常を記録します。',
    solution: '公式のツールチェーンでビルドと署名を行い、パッケージを変更する工程がないか確認してください。',
  },
};
