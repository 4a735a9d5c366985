import type { TranslationTable } from '@citadel/engine-core';

// Steps several items share, written once so their Japanese stays identical.
const PARSE_ABC = 'ABC ファイルの文字列テーブル、リテラル配列および ES モジュールレコード（インポートされている @ohos モジュールと ohpm パッケージ）を解析し、各メソッドのバイトコードを逆アセンブルして呼び出される API とその定数引数を求めます（判定は呼び出しの引数によって行い、呼び出しに現れない文字列は要確認として報告します）。そのうえで、';
const READ_ELF = 'HAP 内の libs/<abi>/ 配下にある各 .so の ELF 構造（プログラムヘッダー、動的セクション、シンボル）を読み取ります。';
const PACKAGE_STRINGS = 'ABC の文字列、DEX の文字列（FA）、resources.index の値、および resources/rawfile などのテキストファイル';

/** Japanese texts of the harmony catalogue, keyed by item id without platform prefix (twins share). */
export const JA_TEXTS: TranslationTable = {
  // Manifest (module.json / config.json)
  'manifest.debug': {
    purpose: 'リリースパッケージでデバッグスイッチが有効になっていないかを確認します。',
    description: 'module.json の app.debug（Stage モデル）または config.json の deviceConfig.*.debug（FA モデル）が true の場合、hdc 経由でデバッガーをアタッチされ、サンドボックス内のデータを取り出され、実行時にロジックを変更されるおそれがあります。また、デバッグビルドでは通常、最適化や難読化も行われません。',
    testingSteps: '各 HAP/HSP の module.json にある app.debug、または config.json の各 deviceConfig の debug フィールドを読み取ります。',
    solution: 'リリースビルドモード（build-profile.json5 の buildMode を release）でビルドし、debug が false であることを確認してから署名・公開してください。',
  },
  'manifest.exported_ability': {
    purpose: '他のアプリから起動可能な Ability が権限で保護されているかを確認します。',
    description: 'exported（Stage）または visible（FA）が true で permissions が宣言されていない Ability は、任意のアプリから Want によって起動できます。攻撃者は細工したパラメーターを渡したり、アプリ内のアクセス制御を回避したり、画面に表示されるデータを取得したりできます。ランチャーの Ability（entity.system.home スキルを持つもの）は公開が必須のため、要確認事項としてのみ報告します。',
    testingSteps: 'module.json の abilities（または config.json の page/service/data タイプの abilities）を走査し、exported/visible が true で permissions が宣言されていないものを列挙します。',
    solution: '他のアプリから利用される必要のない Ability は exported を false に設定してください。公開が必要な Ability は permissions で保護し、Want のすべてのパラメーターを検証してください。',
  },
  'manifest.exported_extension_ability': {
    purpose: '他のアプリからアクセス可能な ExtensionAbility（service、dataShare、fileShare など）が権限で保護されているかを確認します。',
    description: 'exported が true で permissions（dataShare の場合は readPermission/writePermission も）が宣言されていない ExtensionAbility は、任意のアプリから接続・照会できるため、データの漏えいや機能の悪用につながるおそれがあります。',
    testingSteps: 'module.json の extensionAbilities を走査し、exported が true で permissions、readPermission、writePermission のいずれも宣言されていないものを type とともに列挙します。',
    solution: '不要な場合は exported を false に設定してください。公開する場合は権限を宣言し、実装側で呼び出し元の身元を確認してください。',
  },
  'manifest.old_api_level': {
    purpose: 'アプリの互換 API レベルおよびターゲット API レベルが古すぎないかを確認します。',
    description: '古い API レベルをターゲットとするアプリは、新しいリリースで導入された安全なデフォルト設定（より厳格な権限付与、ArkWeb のファイルアクセスのデフォルト無効化など）の恩恵を受けられず、非推奨となった安全でない API に依存している可能性があります。HarmonyOS NEXT は API 12 から提供されており、API 7 未満の従来の HarmonyOS FA アプリは保守されていません。',
    testingSteps: 'module.json の app.minAPIVersion/targetAPIVersion（または config.json の app.apiVersion.compatible/target）を読み取り、プラットフォームの推奨最低バージョンと比較します。',
    solution: 'SDK を更新して targetAPIVersion を現行リリースに引き上げ、そのリリースにおけるセキュリティ関連の動作変更に対応してください。',
  },

  // Permissions
  'permissions.system_level': {
    purpose: 'アプリが normal レベルを超える権限を要求していないかを確認します。',
    description: 'system_basic および system_core レベルの権限では、システムのデータや機能（アプリのインストール、SMS や連絡先の読み取り、画面キャプチャなど）にアクセスできます。一般のアプリがこれらを取得できるのは、ACL または APL の引き上げによる場合に限られます。これらの権限を要求すると、アプリが侵害された場合の被害範囲が広がります。',
    testingSteps: 'requestPermissions（FA では reqPermissions）を読み取り、OpenHarmony の権限一覧で各権限のレベルと付与方式を調べます。',
    solution: '必須でないシステムレベルの権限を削除し、権限を必要としない Picker やセキュリティコンポーネントを優先して使用してください。',
  },
  'permissions.user_grant': {
    purpose: 'ユーザーの同意が必要な機密性の高い権限を、プライバシー審査のために一覧表示します。',
    description: 'user_grant 権限（カメラ、マイク、位置情報、連絡先など）は個人データに関わるため、実行時にユーザーの同意を得る必要があり、その用途をプライバシーポリシーで説明しなければなりません。',
    testingSteps: '要求されている権限のうち、権限一覧で付与方式が user_grant となっているものを抽出します。',
    solution: '機能に必要な機密性の高い権限のみを要求し、使用する時点で同意を求め、それぞれの用途をプライバシーポリシーで開示してください。',
  },
  'permissions.over_privileged': {
    purpose: '要求されているものの付与され得ない権限、またはコードで使用されていない権限を示します。',
    description: '署名プロファイルの APL より高いレベルで、かつ ACL に含まれていない権限は付与されることがないため、その宣言は不要であるか、パッケージングに誤りがあります。また、機密性の高い権限に対応するシステム機能（カメラ、位置情報、マイクなど）がバイトコードから一切インポートされていない場合、その権限は過剰に要求されている可能性が高いと言えます。',
    testingSteps: '各権限のレベルをプロファイルの apl および allowed-acls と比較します。カメラ、位置情報、マイク、連絡先などの権限については、ABC のモジュールレコードが対応する @ohos モジュールをインポートしているかを確認します。',
    solution: '付与され得ない権限や使用されていない権限の宣言を削除し、要求する権限を実際の機能と一致させてください。',
  },
  'permissions.missing_reason': {
    purpose: '機密性の高い権限について、使用する理由と場面がユーザーに説明されているかを確認します。',
    description: 'プラットフォームは、すべての user_grant 権限に reason（許可ダイアログでユーザーに表示される理由）と usedScene（その権限を使用する Ability とタイミング）を求めています。これらがない場合、ユーザーは十分な情報に基づいて判断できず、ストア審査でもアプリがリジェクトされます。',
    testingSteps: '各 user_grant 権限について、reason が存在し resources.index で解決できること、および usedScene に abilities と when が記載されていることを確認します。',
    solution: 'module.json5 の requestPermissions で、すべての user_grant 権限に reason（文字列リソース）と usedScene を追加してください。',
  },

  // Network
  'network.cleartext_traffic': {
    purpose: 'アプリの設定が暗号化されていないネットワーク通信を許可していないかを確認します。',
    description: 'config.json（FA モデル）の deviceConfig.*.network.cleartextTraffic または securityConfig.domainSettings.cleartextPermitted が true の場合、あるいは resources/base/profile/network_config.json（Stage モデル）の cleartextTrafficPermitted が true の場合、アプリは平文の HTTP を使用でき、同一ネットワーク上の攻撃者に通信内容を盗聴・改ざんされるおそれがあります。',
    testingSteps: 'config.json の各 deviceConfig のネットワーク設定、または Stage パッケージの network_config.json を読み取り、平文通信を許可しているグローバル設定とドメインを列挙します。',
    solution: 'cleartextTraffic / cleartextTrafficPermitted を無効にし、すべてのエンドポイントで HTTPS を使用してください。テスト用ドメインへの平文通信は、デバッグビルドでのみ許可してください。',
  },

  // Signing
  'signing.unsigned': {
    purpose: 'HAP に署名ブロックが含まれているかを確認します。',
    description: '署名されていない HAP は製品版のデバイスにインストールできず、その出所と完全性も検証できません。改ざん後に再パッケージ化されたものである可能性があります。',
    testingSteps: 'ZIP のセントラルディレクトリの前にある HAP 署名ブロック（マジック "<hap sign block>" または "HAP Sig Block 42"）を探します。',
    solution: 'DevEco Studio または hap-sign-tool を使用し、リリース用の証明書とプロファイルですべての HAP/HSP に署名してください。',
  },
  'signing.signature_invalid': {
    purpose: 'HAP の署名をオフラインで検証します。対象は、パッケージ内容のダイジェスト、署名属性に対する署名者の署名、プロファイルの署名、および証明書チェーンです。',
    description: '署名サブブロック内の PKCS#7 は、パッケージ全体（ZIP エントリ、セントラルディレクトリ、終端レコードおよびプロファイルサブブロックを 1 MiB 単位のチャンクに分割したもの）のダイジェストに署名しています。ダイジェストまたは署名が一致しない場合、署名後にパッケージが変更または再パッケージ化されたことを意味します。デバイスはそのパッケージのインストールを拒否し、配布チャネル上のこのようなパッケージには不正なコードが注入されている可能性があります。',
    testingSteps: 'OpenHarmony の appverify と同じ方法でパッケージのダイジェストを計算し（0xa5 によるチャンクダイジェストを 0x5a で結合し、続けてプロファイルなどの任意のサブブロックを加える）、署名されたダイジェストと比較します。署名者証明書の鍵で署名属性に対する署名を検証し、さらにプロファイルの PKCS#7 署名と、チェーン内の各証明書がその発行者によって署名されていることを検証します。',
    solution: '信頼できる入手元からパッケージを取得してください。開発者にリリース用証明書での再ビルドと再署名を依頼し、署名後はパッケージを変更しないでください。',
  },
  'signing.debug_profile': {
    purpose: 'プロビジョニングプロファイルがリリース用プロファイルであるかを確認します。',
    description: 'type が debug のプロファイルは開発用であり、デバッガーの接続を許可し、パッケージを登録済みのデバイスに限定します。このプロファイルで配布されたパッケージは、リリースプロセスに不備があることを示しています。',
    testingSteps: '署名ブロックのプロファイルサブブロック（PKCS#7 SignedData に格納された JSON）を解析し、type と debug-info.device-ids を読み取ります。',
    solution: 'AppGallery Connect でリリース用証明書とリリース用プロファイルを申請し、再署名してから配布してください。',
  },
  'signing.apl_elevated': {
    purpose: '署名プロファイルによって付与されている能力レベル（APL）を確認します。',
    description: 'APL が system_basic または system_core のアプリは、システムレベルの権限を取得できます。サードパーティアプリの APL は normal であるべきであり、それより高い APL はシステムアプリか、改ざんされたデバッグ用プロファイルにのみ見られるものです。',
    testingSteps: 'プロファイルの bundle-info.apl と acls.allowed-acls を読み取ります。',
    solution: 'サードパーティアプリには APL が normal のプロファイルを使用し、必要な制限付き権限のみを ACL 経由で申請してください。',
  },
  'signing.profile_validity': {
    purpose: 'プロファイルおよび署名証明書の有効期間を確認します。',
    description: 'プロファイルまたは署名証明書が有効期間外である場合、インストールや更新ができなくなります。また、古い署名素材や不正に入手された署名素材が使用されている可能性があります。',
    testingSteps: 'プロファイルの validity.not-before / not-after および署名者証明書の有効期間を、評価時刻と比較します。',
    solution: 'プロファイルと証明書を更新し、有効期間内に再署名してください。',
  },
  'signing.bundle_mismatch': {
    purpose: '署名プロファイルがこのアプリ向けに発行されたものであるかを確認します。',
    description: 'プロファイルの bundle-info.bundle-name が module.json/config.json の bundleName と異なる場合、デバイスはインストールを拒否します。配布されているパッケージでこれが見られる場合、通常は再パッケージ化または署名の設定ミスを意味します。',
    testingSteps: 'プロファイルの bundle-name を、各モジュールのマニフェストの bundleName と比較します。',
    solution: '正しいバンドル名でプロファイルを申請し、再署名してください。',
  },
  'signing.test_certificate': {
    purpose: '署名チェーンが公開されているテスト用 CA に由来するものでないかを確認します。',
    description: 'OpenHarmony SDK に同梱されているテスト用 CA と鍵（"OpenHarmony Application CA" や "OpenHarmony Application Release" など）は公開されており、誰でも同じ身元でパッケージに署名できるため、出所の証明にはなりません。',
    testingSteps: '署名サブブロックおよびプロファイルサブブロック内の証明書のサブジェクトと発行者を読み取り、既知の OpenHarmony テスト証明書の名前と比較します。',
    solution: '自社の証明書、またはアプリストアが発行した証明書とプロファイルで署名してください。',
  },
  'signing.weak_signature_algorithm': {
    purpose: '署名証明書の署名アルゴリズムと鍵長を確認します。',
    description: 'MD5/SHA-1 に基づく署名や 2048 ビット未満の RSA 鍵は偽造または解読されるおそれがあり、攻撃者が開発者になりすますことを可能にします。',
    testingSteps: '署名者証明書の署名アルゴリズム、公開鍵のアルゴリズムおよび鍵長を読み取ります。',
    solution: 'SHA-256 以上を用いる ECDSA P-256 または 2048 ビット以上の RSA の証明書で再署名してください。',
  },

  // Cryptography in ArkTS code (ABC)
  'crypto.ecb_mode': {
    purpose: '対称暗号で ECB モードが使用されていないかを確認します。',
    description: 'ECB は同一の平文ブロックを同一の暗号文ブロックに暗号化するため、データのパターンが漏えいし、ブロックの再送や差し替えが可能になります。',
    testingSteps: `${PARSE_ABC}"AES128|ECB|PKCS7" などの暗号フレームワークのアルゴリズム文字列や、crypto-js の mode.ECB を探します。`,
    solution: '暗号化のたびにランダムな IV を用いて、GCM（または CBC と HMAC の組み合わせ）を使用してください。',
  },
  'crypto.weak_cipher': {
    purpose: '安全ではなくなった対称暗号が使用されていないかを確認します。',
    description: 'DES の鍵（56 ビット）は総当たりで解読でき、3DES は Sweet32 の影響を受け、RC4 には深刻な偏りがあります。いずれもデータの保護に使用すべきではありません。',
    testingSteps: `${PARSE_ABC}"3DES192" や "DES" などの暗号フレームワークのアルゴリズム名や、crypto-js の DES/TripleDES/RC4 を探します。`,
    solution: 'AES-256-GCM または SM4-GCM を使用してください。',
  },
  'crypto.weak_hash': {
    purpose: '実用的な衝突攻撃が存在するハッシュアルゴリズムが使用されていないかを確認します。',
    description: 'MD5 と SHA-1 は現実的に衝突を生成できるため、署名、完全性チェック、パスワードの保存に使用すると、偽造されたり短時間で解読されたりするおそれがあります。',
    testingSteps: `${PARSE_ABC}cryptoFramework または crypto-js をインポートしているコードで、アルゴリズム名 "MD5" および "SHA1" を探します。`,
    solution: 'SHA-256 以上を使用してください。パスワードは PBKDF2 などのソルト付き低速ハッシュで保存してください。',
  },
  'crypto.static_iv': {
    purpose: '暗号化でハードコードされた IV が使用されていないかを確認します。',
    description: 'IV が固定されていると、同一の平文は同一の暗号文に暗号化されます。GCM では IV の再利用によって認証鍵も漏えいし、偽造が可能になります。',
    testingSteps: `${PARSE_ABC}IvParamsSpec / GcmParamsSpec または crypto-js の iv を使用しているファイルで、長さ 12 または 16 バイトの定数文字列を探します。`,
    solution: '暗号化のたびに cryptoFramework.createRandom() でランダムな IV を生成し、暗号文とともに保存してください。',
  },

  // ArkWeb (Web component)
  'webview.javascript_proxy': {
    purpose: 'Web コンポーネントがアプリのオブジェクトを Web ページに公開していないかを確認します。',
    description: 'javaScriptProxy または registerJavaScriptProxy で注入されたオブジェクトは、ページ内の任意のスクリプトから呼び出すことができます。信頼できないコンテンツを読み込んだ場合や XSS が存在する場合、攻撃者はアプリの機能やデータにアクセスできます。',
    testingSteps: `${PARSE_ABC}javaScriptProxy および registerJavaScriptProxy の使用箇所を探します。`,
    solution: 'オブジェクトは信頼できるローカルページまたは HTTPS ページにのみ注入し、公開するメソッドを最小限に抑え、すべての呼び出しについて呼び出し元と引数を検証してください。',
  },
  'webview.file_access': {
    purpose: 'Web コンポーネントがページにサンドボックス内のファイルの読み取りを許可していないかを確認します。',
    description: 'fileAccess(true) を設定すると、ページが file:// 経由でアプリのファイルを読み取れるようになります。信頼できないページや XSS と組み合わさると、サンドボックス内の機密データが読み取られるおそれがあります。API 12 より前は、この設定がデフォルトで有効でした。',
    testingSteps: `${PARSE_ABC}Web コンポーネントの属性 fileAccess を探します。`,
    solution: 'fileAccess(false) を明示的に設定し、ローカルコンテンツは resource:// または rawfile 経由で読み込んでください。',
  },
  'webview.mixed_content': {
    purpose: 'HTTPS ページが HTTP リソースを読み込めるようになっていないかを確認します。',
    description: 'mixedMode が MixedMode.All または Compatible の場合、HTTPS ページが平文のスクリプトやリソースを読み込むため、ネットワーク上の攻撃者にそれらを差し替えられるおそれがあります。',
    testingSteps: `${PARSE_ABC}mixedMode 属性と MixedMode の値を探します。`,
    solution: 'デフォルトの MixedMode.None を維持し、すべてのリソースを HTTPS で配信してください。',
  },
  'webview.debugging_access': {
    purpose: 'Web コンテンツのリモートデバッグが有効になっていないかを確認します。',
    description: 'setWebDebuggingAccess(true) を設定すると、DevTools からページを検査・変更したり、Cookie やローカルストレージを読み取ったりできるようになります。',
    testingSteps: `${PARSE_ABC}setWebDebuggingAccess の呼び出しを探します。`,
    solution: 'Web デバッグはデバッグビルドでのみ有効にし、リリース版からはこの呼び出しを削除してください。',
  },

  // Storage and logging
  'storage.preferences_sensitive': {
    purpose: 'パスワードやトークンなどの値が Preferences に保存されていないかを確認します。',
    description: '@ohos.data.preferences はアプリのサンドボックス内に平文のファイルとして保存されるため、root 化されたデバイス上、バックアップから、またはデバッグ中に読み取られるおそれがあります。',
    testingSteps: `${PARSE_ABC}data.preferences をインポートしている ABC ファイルで、password、token、secret などの機密性の高いキー名を探します。`,
    solution: '機密性の高い値は HUKS の鍵で暗号化してから保存するか、Asset Store Kit を使用してください。',
  },
  'storage.database_unencrypted': {
    purpose: 'リレーショナルデータベースやキーバリューストアが暗号化されているかを確認します。',
    description: 'relationalStore と distributedKVStore はデフォルトでは暗号化されないため、侵害されたデバイスやバックアップから、ファイル内の個人データが読み取られるおそれがあります。',
    testingSteps: `${PARSE_ABC}data.relationalStore または data.distributedKVStore をインポートしているにもかかわらず、文字列中に encrypt オプションが含まれていないファイルを報告します。`,
    solution: 'StoreConfig / Options で encrypt: true を設定し、適切な securityLevel を選択してください。',
  },
  'logging.hilog_sensitive': {
    purpose: 'ログのフォーマット文字列にパスワード、トークン、電話番号などのフィールドが含まれていないかを確認します。',
    description: '%{public} を付けて出力した値や console から出力した値は、システムログに平文で記録され、hdc hilog やログ収集によって読み取られます。',
    testingSteps: `${PARSE_ABC}hilog をインポートしている、または console を使用している ABC ファイルで、書式指定子と機密性の高い項目名の両方を含む文字列を探します。`,
    solution: '機密データはログに出力しないでください。やむを得ない場合は %{private}（デフォルト）を使用したうえでマスキングし、リリース版ではログレベルを下げてください。',
  },

  // dex.* items are the Android catalogue's own items (dex.ts) and bring their Japanese with them.

  // Secrets in the package
  'secrets.api_keys': {
    purpose: 'パッケージ内にクラウドサービスの鍵や秘密鍵などのシークレットが含まれていないかを確認します。',
    description: 'パッケージは誰でも展開できるため、ハードコードされた鍵は抽出され、アプリになりすましてバックエンドサービスを呼び出したり、データを復号したりするために悪用されるおそれがあります。',
    testingSteps: `${PACKAGE_STRINGS}に対して、シークレットの検出パターンを適用します。`,
    solution: '鍵はサーバー側に保持するか、HUKS を使用してデバイス上で生成してください。漏えいした鍵はただちにローテーションしてください。',
  },
  'secrets.hardcoded_credentials': {
    purpose: 'パッケージ内にユーザー名やパスワードなどの認証情報が含まれていないかを確認します。',
    description: 'ハードコードされたパスワードは抽出され、バックエンド、データベース、管理インターフェースへのログインに使用されるおそれがあります。',
    testingSteps: `${PACKAGE_STRINGS}から、パスワードのパターンや "password=" などのラベルに続く値を探します。`,
    solution: 'ハードコードされた認証情報を削除し、ユーザーによるサインイン、またはサーバーから発行される有効期間の短いトークンを使用してください。',
  },
  'secrets.high_entropy_strings': {
    purpose: '鍵やトークンの可能性があるランダムに見える文字列を、手動確認のために一覧表示します。',
    description: '既知のパターンには一致しないもののエントロピーが高い文字列は、独自の鍵、署名用のソルト、トークンであることが少なくありません。',
    testingSteps: `${PACKAGE_STRINGS}に含まれる長い文字列のシャノンエントロピーを計算します。ダイジェストやプレースホルダーは除外します。`,
    solution: '各文字列を確認し、実際の鍵であればハードコードされた鍵として対処してください。',
  },
  'secrets.http_urls': {
    purpose: 'コードおよびリソース内の http:// アドレスを確認します。',
    description: 'HTTP 経由でアクセスされるエンドポイントやページは、ネットワーク上で盗聴・改ざんされるおそれがあります。',
    testingSteps: `${PACKAGE_STRINGS}から URL を抽出し、http のもの（名前空間および仕様の URL を除く）を列挙します。`,
    solution: 'すべてのアドレスで HTTPS を使用してください。',
  },
  'secrets.endpoints': {
    purpose: 'アプリが通信するサーバーのアドレスを、ネットワークおよびプライバシーの審査のために一覧表示します。',
    description: 'サーバーのアドレスからは、バックエンド、サードパーティサービス、テスト環境が判明します。内部 IP アドレスやテスト用ドメインをリリース版に含めるべきではありません。',
    testingSteps: `${PACKAGE_STRINGS}から URL、IP アドレス、メールアドレスを抽出して分類します。`,
    solution: 'テスト用および内部のアドレスを削除し、サードパーティのドメインがプライバシーポリシーの記載と整合しているかを確認してください。',
  },
  'secrets.sensitive_words': {
    purpose: 'タスクで設定された機密ワードを、パッケージ内の文字列から検索します。',
    description: '機密ワードは、リリース版に含めるべきではない社内プロジェクト名やテスト用アカウントなどを発見するために、検査担当者が設定するものです。',
    testingSteps: `${PACKAGE_STRINGS}から、設定された機密ワードを探します。`,
    solution: '該当する内容を削除するか、公開して差し支えないことを確認してください。',
  },

  // Native libraries
  'native.nx': {
    purpose: 'ネイティブライブラリのスタックが実行不可に設定されているかを確認します。',
    description: 'PT_GNU_STACK が実行可能になっていると、スタックオーバーフローによって注入されたコードがそのまま実行されます。',
    testingSteps: READ_ELF,
    solution: 'デフォルトの -z noexecstack でリンクし、実行可能なスタックを必要とするアセンブリコードを除去してください。',
  },
  'native.stack_canary': {
    purpose: 'ネイティブライブラリがスタック保護を有効にしてビルドされているかを確認します。',
    description: '__stack_chk_fail への参照がない場合は -fstack-protector が使用されておらず、スタックオーバーフローが悪用されやすくなります。',
    testingSteps: READ_ELF,
    solution: '-fstack-protector-strong でコンパイルしてください。',
  },
  'native.pie': {
    purpose: 'ネイティブ実行ファイルが位置独立であるかを確認します。',
    description: 'ET_EXEC 形式のファイルは固定アドレスに読み込まれるため、ASLR が無効になります。',
    testingSteps: READ_ELF,
    solution: '-fPIE -pie でビルドしてください。',
  },
  'native.relro': {
    purpose: 'GOT が読み込み後に読み取り専用になるかを確認します。',
    description: 'PT_GNU_RELRO または BIND_NOW がない場合、GOT は書き込み可能なままとなり、メモリ破壊によって関数ポインターが上書きされるおそれがあります。',
    testingSteps: READ_ELF,
    solution: '-Wl,-z,relro,-z,now でリンクしてください。',
  },
  'native.fortify': {
    purpose: '境界チェック付きのライブラリ関数が使用されているかを確認します。',
    description: '__*_chk 関数のインポートがない場合は _FORTIFY_SOURCE が無効であり、バッファオーバーフローが実行時にチェックされません。',
    testingSteps: READ_ELF,
    solution: '-D_FORTIFY_SOURCE=2 と -O2 を指定してコンパイルしてください。',
  },
  'native.rpath': {
    purpose: 'ライブラリの検索パスがハードコードされていないかを確認します。',
    description: 'RPATH/RUNPATH が書き込み可能なディレクトリを指している場合、攻撃者が仕込んだライブラリが本来のライブラリの代わりに読み込まれるおそれがあります。',
    testingSteps: READ_ELF,
    solution: 'リンカーオプション -rpath を削除してください。',
  },
  'native.text_relocations': {
    purpose: 'コードセグメントが読み込み時に書き換えられるかを確認します。',
    description: 'DT_TEXTREL があるとコードセグメントを書き込み可能にする必要があるため、W^X が損なわれます。',
    testingSteps: READ_ELF,
    solution: 'すべてのオブジェクトファイルを -fPIC でコンパイルしてください。',
  },
  'native.dangerous_functions': {
    purpose: 'strcpy、gets、system などの危険な関数が使用されていないかを確認します。',
    description: '境界チェックのない文字列関数はバッファオーバーフローの原因となり、system/popen などはコマンドインジェクションを招くおそれがあります。',
    testingSteps: READ_ELF,
    solution: '長さを制限する関数（strlcpy、snprintf など）を使用し、外部コマンドの実行は避けてください。',
  },
  'native.not_stripped': {
    purpose: 'ネイティブライブラリにシンボルテーブルが残っていないかを確認します。',
    description: '.symtab が残っていると内部の関数名が露呈し、リバースエンジニアリングが容易になります。',
    testingSteps: READ_ELF,
    solution: 'リリース前にシンボルテーブルを除去（strip）してください。',
  },

  // SDKs and package information
  'sdk.third_party': {
    purpose: 'パッケージに含まれるサードパーティ SDK とそのカテゴリを一覧表示します。',
    description: 'サードパーティ SDK はアプリのプロセス内でアプリと同じ権限で動作するため、その欠陥、データ収集、コンプライアンス上の問題はそのままアプリ自身の問題となります。',
    testingSteps: 'ABC のモジュールレコードとレコード名（@normalized、@package、oh_modules のパス）から ohpm パッケージ名を抽出し、FA パッケージについては DEX のクラス名も加えて、SDK ライブラリと照合します。',
    solution: '一覧をプライバシーポリシーの記載と照合し、脆弱性のある SDK を更新し、使用していない SDK を削除してください。',
  },
  'info.archive_anomalies': {
    purpose: 'ZIP 構造およびマニフェストの異常を一覧表示します。',
    description: '重複したエントリ、一致しない名前、型が誤っているマニフェストのフィールドは、改ざんされたパッケージや解析を妨げるように作られたパッケージによく見られます。',
    testingSteps: 'ZIP リーダーが報告する異常と、module.json、config.json、pack.info の構造上の問題を記録します。',
    solution: '公式のツールチェーンで再ビルドし、パッケージが改ざんされていないことを確認してください。',
  },
};
