import type { TranslationTable } from '@citadel/engine-core';

/** Japanese texts of the iOS catalogue, keyed by item id without platform prefix (twins share). */
export const JA_TEXTS: TranslationTable = {
  // App Transport Security
  'network.ats_arbitrary_loads': {
    purpose: 'アプリが App Transport Security（ATS）をグローバルに無効化していないかを確認します。',
    description:
      'Info.plist の NSAppTransportSecurity で NSAllowsArbitraryLoads が true に設定されている場合、システムは HTTPS および TLS 1.2 以上での接続を要求しなくなります。アプリは平文 HTTP または脆弱な TLS で任意のサーバーと通信できるようになり、同一ネットワーク上の攻撃者が通信内容を盗聴・改ざんできます。',
    testingSteps: 'Info.plist を解析し、NSAppTransportSecurity ディクショナリ内の NSAllowsArbitraryLoads を読み取ります。',
    solution:
      'NSAllowsArbitraryLoads を削除するか false に設定し、すべての通信を HTTPS で提供してください。HTTP がどうしても必要な一部の旧来のホストのみ、NSExceptionDomains に個別に設定してください。',
  },
  'network.ats_arbitrary_loads_media': {
    purpose: 'AVFoundation で読み込むメディアが ATS の適用除外になっていないかを確認します。',
    description:
      'NSAllowsArbitraryLoadsForMedia が true に設定されている場合、AVFoundation で再生する音声・動画を平文 HTTP で読み込めるようになります。メディアの内容や URL に含まれるトークンが盗聴または差し替えられるおそれがあります。',
    testingSteps: 'Info.plist の NSAppTransportSecurity 配下の NSAllowsArbitraryLoadsForMedia を読み取ります。',
    solution: 'メディアを HTTPS で配信し、このキーを削除してください。',
  },
  'network.ats_arbitrary_loads_web': {
    purpose: 'WKWebView 内の Web コンテンツが ATS の適用除外になっていないかを確認します。',
    description:
      'NSAllowsArbitraryLoadsInWebContent が true に設定されている場合、WKWebView はページやスクリプトを平文 HTTP で読み込めるようになります。攻撃者はスクリプトを注入し、JavaScript ブリッジを経由してアプリの機能を呼び出したり、セッションを窃取したりできます。',
    testingSteps: 'Info.plist の NSAppTransportSecurity 配下の NSAllowsArbitraryLoadsInWebContent を読み取ります。',
    solution: 'すべての Web コンテンツを HTTPS で読み込み、このキーを削除してください。',
  },
  'network.ats_local_networking': {
    purpose: 'ローカルネットワーク上のアドレスへの平文接続が許可されていないかを確認します。',
    description:
      'NSAllowsLocalNetworking が true に設定されている場合、アプリは .local の名前や LAN 内のアドレスに平文で接続できます。同一ネットワーク上の他の機器が、これらのサービスとの通信を盗聴したり、サービスになりすましたりするおそれがあります。',
    testingSteps: 'Info.plist の NSAppTransportSecurity 配下の NSAllowsLocalNetworking を読み取ります。',
    solution: 'LAN 内の機器との通信が必須の場合に限りこのキーを残し、その通信はアプリケーション層で暗号化および認証してください。',
  },
  'network.ats_insecure_exception_domains': {
    purpose: 'NSExceptionDomains のうち、平文 HTTP を許可しているエントリを一覧表示します。',
    description:
      'NSExceptionDomains のエントリで NSExceptionAllowsInsecureHTTPLoads（または NSTemporary… / NSThirdParty… の派生キー）が true に設定されている場合、そのホスト（NSIncludesSubdomains が設定されている場合はサブドメインも含む）との通信が平文 HTTP で行われ、盗聴・改ざんされるおそれがあります。',
    testingSteps: 'NSAppTransportSecurity/NSExceptionDomains 配下の各ホストを走査し、平文での読み込みを許可するキーを探します。',
    solution:
      '対象ホストに HTTPS を導入したうえで例外を削除してください。どうしても残す必要がある例外は、サブドメインを含めず、対象のホストのみに限定してください。',
  },
  'network.ats_weak_tls_version': {
    purpose: '例外ドメインで最小 TLS バージョンが 1.2 未満に引き下げられていないかを確認します。',
    description:
      'NSExceptionMinimumTLSVersion（または NSTemporaryExceptionMinimumTLSVersion）が TLSv1.0 または TLSv1.1 に設定されている場合、そのホストとの接続が、既知の攻撃手法（BEAST、POODLE 型のダウングレード攻撃）が存在する非推奨のプロトコルバージョンにフォールバックするおそれがあります。',
    testingSteps:
      '各例外ドメインの NSExceptionMinimumTLSVersion / NSTemporaryExceptionMinimumTLSVersion を読み取り、TLSv1.2 と比較します。',
    solution: 'サーバーで TLS 1.2 または 1.3 を有効にし、このキーを削除するか TLSv1.2 以上に設定してください。',
  },
  'network.ats_forward_secrecy_disabled': {
    purpose: '例外ドメインで前方秘匿性のない暗号スイートが許可されていないかを確認します。',
    description:
      'NSExceptionRequiresForwardSecrecy が false に設定されている場合、接続に RSA 鍵交換が使用される可能性があります。後日サーバーの秘密鍵が漏えいすると、記録されていた過去のセッションがすべて復号されるおそれがあります。',
    testingSteps: '各例外ドメインの NSExceptionRequiresForwardSecrecy（および Temporary / ThirdParty の派生キー）を読み取ります。',
    solution: 'サーバーで ECDHE 暗号スイートを有効にし、このキーを削除してください。',
  },

  // Binary hardening
  'binary.pie': {
    purpose: '実行ファイルが PIE としてビルドされ、メインイメージに ASLR が適用されることを確認します。',
    description:
      'Mach-O ヘッダーに MH_PIE フラグがない場合、実行ファイルは常に同じアドレスに読み込まれるため、ASLR によってコードとデータの配置をランダム化できず、メモリ破壊の脆弱性が悪用されやすくなります（ROP など）。なお、動的ライブラリとバンドルはその形式上もともと位置独立であるため、この項目の対象外です。',
    testingSteps:
      '各実行ファイルのすべてのアーキテクチャスライスについて Mach-O ヘッダーのフラグを読み取り、MH_PIE（0x200000）を確認します。',
    solution:
      '-fPIE でコンパイルし、-pie でリンクしてください（Xcode の既定値です。Generate Position-Dependent Code が YES になっていないことを確認してください）。',
  },
  'binary.stack_canary': {
    purpose: 'バイナリがスタック破壊保護を有効にしてビルドされていることを確認します。',
    description:
      '-fstack-protector を指定すると、コンパイラはスタックフレームにランダムなカナリア値を配置し、関数から戻る前に検証するため、リターンアドレスを上書きするオーバーフローを検知できます。___stack_chk_guard と ___stack_chk_fail のいずれもインポートしていないバイナリは、この保護なしでビルドされています。純粋な Swift コードではスタックバッファの使用は少ないものの、このフラグの指定を推奨します。',
    testingSteps: '各スライスのシンボルテーブルを読み取り、___stack_chk_guard および ___stack_chk_fail のインポートを探します。',
    solution: 'C および Objective-C のコンパイラフラグに -fstack-protector-all（または -fstack-protector-strong）を追加してください。',
  },
  'binary.arc': {
    purpose: 'Objective-C および Swift のコードが ARC でメモリを管理していることを確認します。',
    description:
      '手動参照カウント（MRC）では、オブジェクトの過剰解放やダングリングポインタが生じやすく、悪用可能な解放後使用（use-after-free）の脆弱性につながります。ARC ランタイム関数（objc_release、objc_storeStrong、swift_release など）をいずれもインポートしていないバイナリは、ARC なしでビルドされています。',
    testingSteps: '各スライスのインポートから ARC ランタイム関数を探します。',
    solution: 'Build Settings で Objective-C Automatic Reference Counting（-fobjc-arc）を有効にしてください。',
  },
  'binary.encryption': {
    purpose: 'メイン実行ファイルに App Store（FairPlay）の暗号化が施されているかを確認します。',
    description:
      'App Store からダウンロードされた実行ファイルは FairPlay で暗号化されており、LC_ENCRYPTION_INFO の cryptid は 1 です。cryptid が 0 の場合、またはこのコマンドが存在しない場合、パッケージはストアで暗号化されていないか、すでに復号（ダンプ）されています。そのコードは直接逆アセンブルでき、再パッケージ化または改ざんされたコピーもこの状態になります。',
    testingSteps: 'メイン実行ファイルの各スライスについて、LC_ENCRYPTION_INFO(_64) コマンドの cryptid を読み取ります。',
    solution:
      'App Store を通じて配布してください。また、ストアの暗号化のみに依存せず、重要なロジックは難読化と整合性検証によって保護してください。',
  },
  'binary.code_signature': {
    purpose: 'アプリ内のすべての実行ファイルとフレームワークにコード署名があることを確認します。',
    description:
      'iOS は有効な署名を持つコードのみを実行します。LC_CODE_SIGNATURE のないバイナリは、脱獄していないデバイスでは読み込めません。これはパッケージが改変されたか正規のツールチェーン以外でビルドされたことを示しており、不正なコードが注入されている可能性があります。',
    testingSteps: '各 Mach-O スライスに LC_CODE_SIGNATURE があるかを確認し、その CodeDirectory を解析します。',
    solution: '配布前に、Xcode または codesign を使用して正規の証明書ですべてのバイナリに再署名してください。',
  },
  'binary.symbols_not_stripped': {
    purpose: 'リリース用のバイナリにローカルシンボルやデバッグ情報が残っていないかを確認します。',
    description:
      'シンボルが削除されていないバイナリには、ローカル関数名やデバッグシンボル（STABS）が残ります。リバースエンジニアは内部関数名やソースファイル名を直接確認できるため、解析が大幅に容易になります。',
    testingSteps: 'シンボルテーブル内のローカルシンボルとデバッグシンボルの数を数えます（ld64 が残す N_OPT マーカーは除きます）。',
    solution:
      'リリースビルドで Strip Linked Product と Strip Debug Symbols During Copy を有効にし、デバッグシンボルは dSYM に保管してください。',
  },
  'binary.rpath': {
    purpose: 'バイナリの LC_RPATH エントリと @rpath 依存関係を一覧表示します。',
    description:
      '@rpath を使用すると、dyld は検索パスのリストから依存ライブラリを探します。いずれかのパスが書き込み可能な場合や、最初のパスにライブラリが存在しない場合、攻撃者が同名のライブラリを配置して読み込ませるおそれがあります。iOS ではコード署名によってこのリスクは限定されますが、誤った検索パスは脱獄デバイスやエンタープライズ配布の環境では依然として悪用され得ます。',
    testingSteps: '各スライスの LC_RPATH コマンドと、@rpath/ で始まるインストール名を読み取ります。',
    solution: '@executable_path/Frameworks などバンドル内のパスのみを残し、絶対パスや不要な検索パスを削除してください。',
  },
  'binary.stack_execution': {
    purpose: 'Mach-O ヘッダーでスタック上のコードの実行が許可されていないかを確認します。',
    description:
      'MH_ALLOW_STACK_EXECUTION フラグはスタックメモリを実行可能にします。そのため、スタックオーバーフローによって注入されたシェルコードがそのまま実行され、実行不可メモリによる保護が無効になります。',
    testingSteps: '各スライスのヘッダーフラグを読み取り、MH_ALLOW_STACK_EXECUTION（0x20000）を確認します。',
    solution: 'リンカーオプション -allow_stack_execute を削除してください。',
  },
  'binary.restrict_segment': {
    purpose: 'メイン実行ファイルに、dyld に DYLD_* 環境変数を無視させる __RESTRICT セグメントがあるかを確認します。',
    description:
      '__RESTRICT/__restrict セクションがあると、dyld は DYLD_INSERT_LIBRARIES などの関連する環境変数を無視するため、脱獄デバイス上で最も単純なライブラリ注入の手法を防止できます。存在する場合は保護対策ありと判定し、存在しない場合は参考情報にとどめます。現在の iOS は、署名済みアプリに対して既定で同様の制限を課しているためです。',
    testingSteps: 'メイン実行ファイルの各スライスのセグメントから __RESTRICT,__restrict セクションを探します。',
    solution: '必要に応じて、リンカーフラグに -Wl,-sectcreate,__RESTRICT,__restrict,/dev/null を追加してください。',
  },

  // Code
  'code.unsafe_memory_functions': {
    purpose: 'バイナリがインポートしている関数のうち、バッファオーバーフローの原因となりやすい C 関数を一覧表示します。',
    description:
      'gets、strcpy、strcat、sprintf などの関数は書き込み先のサイズを検査しないため、長い入力によってバッファオーバーフローが発生します。mktemp と tmpnam は推測可能な一時ファイル名を生成します。memcpy、strncpy、sscanf などは長さを引数に取るものの誤用しやすいため、手動確認の対象として一覧に含めます。',
    testingSteps:
      '各バイナリの各スライスのインポートを読み取り、安全でない関数とその理由のリストと照合します。常に安全でない関数は不合格とし、確認のみが必要な関数は要確認事項として報告します。',
    solution:
      '長さの上限を指定できる代替関数（strlcpy、strlcat、snprintf、mkstemp）を使用し、Foundation または Swift の文字列型・データ型を優先して使用してください。',
  },
  'code.weak_hash': {
    purpose: 'CommonCrypto の MD5、MD4、MD2、SHA-1 の呼び出しがないかを確認します。',
    description:
      'MD5、MD4、MD2 および SHA-1 には現実的な衝突攻撃が存在します。署名、完全性保護、パスワードの保存に使用すると、偽造されたり短時間で解読されたりするおそれがあります。',
    testingSteps: 'インポートから CC_MD5*、CC_MD4、CC_MD2、CC_SHA1* を探します。',
    solution: 'SHA-256 以上（CC_SHA256 または CryptoKit）を使用し、パスワードには PBKDF2、scrypt、Argon2 などの低速なハッシュを使用してください。',
  },
  'code.cipher_usage_review': {
    purpose: 'アルゴリズムと暗号モードを確認できるよう、CommonCrypto の共通鍵暗号 API を呼び出しているバイナリを一覧表示します。',
    description:
      'CCCrypt、CCCryptorCreate などの呼び出しにおけるアルゴリズム（kCCAlgorithmDES、kCCAlgorithm3DES、kCCAlgorithmRC4）や ECB モード（kCCOptionECBMode）は引数として渡されるため、インポートからは判別できません。DES、3DES、RC4、ECB はいずれも安全ではなく、鍵や IV のハードコードもよく見られるため、使用箇所を要確認事項として報告します。',
    testingSteps: 'インポートから CCCrypt、CCCryptorCreate、CCCryptorCreateWithMode、CCCryptorCreateFromData を探します。',
    solution:
      'AES-GCM（CryptoKit）、または AES-CBC と HMAC の組み合わせが使用されていること、鍵がキーチェーンまたは Secure Enclave に保管されていること、IV がメッセージごとにランダムに生成されていることを確認してください。',
  },
  'code.weak_random': {
    purpose: 'rand、random、drand48 などの予測可能な擬似乱数関数が使用されていないかを確認します。',
    description:
      'rand/srand、random/srandom および *rand48 系の関数の出力は予測可能です。これらで生成した鍵、トークン、認証コード、IV は推測されるおそれがあります。',
    testingSteps: 'インポートから rand、srand、random、srandom、drand48、lrand48 などの関数を探します。',
    solution: 'セキュリティに関わる用途には SecRandomCopyBytes または arc4random_buf を使用してください。',
  },
  'code.nslog': {
    purpose: 'リリースビルドで NSLog が呼び出されていないかを確認します。',
    description:
      'NSLog の出力はシステムログに書き込まれ、デバイスをコンピューターに接続するか診断ツールを使用すれば誰でも読み取れます。ログに含まれるトークン、アカウント、位置情報などの機密情報が漏えいします。',
    testingSteps: 'インポートから NSLog と NSLogv を探します。',
    solution: 'マクロを用いてリリースビルドから NSLog を除去し、os_log を使用して機密性の高いフィールドを private に指定してください。',
  },
  'code.uiwebview': {
    purpose: 'UIWebView が参照されていないかを確認します。',
    description:
      'UIWebView は Apple により非推奨とされており、App Store はこれを使用するアプリを受け付けていません。WKWebView のようなプロセス分離がなく、JavaScript の無効化やファイルアクセスの制限もできないため、読み込んだ信頼できないコンテンツがローカルファイルを読み取るおそれがあります。',
    testingSteps: 'インポートから _OBJC_CLASS_$_UIWebView を探します。',
    solution: 'WKWebView に移行し、不要な場合は JavaScript を無効にしたうえで、読み込み可能なホストを制限してください。',
  },
  'storage.keychain_accessibility': {
    purpose: 'キーチェーン項目に、デバイスのロック中も読み取り可能な保護クラスが使用されていないかを確認します。',
    description:
      'kSecAttrAccessibleAlways と kSecAttrAccessibleAlwaysThisDeviceOnly（非推奨）は、デバイスのロック中もキーチェーン項目を読み取り可能にします。kSecAttrAccessibleAfterFirstUnlock は、起動後の最初のロック解除以降、項目を読み取り可能な状態に保ちます。デバイスの紛失時や押収時に、これらの項目に保存されたパスワードやトークンが抽出されやすくなります。',
    testingSteps: 'インポートから kSecAttrAccessibleAlways* 定数（不合格）と kSecAttrAccessibleAfterFirstUnlock（要確認）を探します。',
    solution:
      '機密性の高い項目は kSecAttrAccessibleWhenUnlockedThisDeviceOnly または kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly で保存し、必要に応じて SecAccessControl で生体認証を要求してください。',
  },

  // Info.plist and provisioning
  'plist.url_schemes': {
    purpose: '外部からの呼び出し口を確認するため、アプリが登録しているカスタム URL スキームを一覧表示します。',
    description:
      '任意のアプリや Web ページが、カスタム URL スキームを通じてアプリを起動し、パラメーターを渡すことができます。スキームは一意ではないため、他のアプリが同じスキームを登録し、OAuth の認可コードなどのコールバックを横取りするおそれがあります。また、パラメーターの検証が不十分な場合、権限のない操作やインジェクションにつながります。',
    testingSteps: 'Info.plist の各 CFBundleURLTypes エントリの CFBundleURLSchemes を読み取ります。',
    solution: '受け取るすべてのパラメーターを厳格に検証し、機密性の高いコールバックは Universal Links に移行し、OAuth では PKCE を使用してください。',
  },
  'plist.usage_descriptions': {
    purpose: 'アプリが宣言しているプライバシー権限（カメラ、位置情報、連絡先、マイクなど）と、その利用目的の文言を一覧表示します。',
    description:
      'Info.plist の NS*UsageDescription キーは、アプリが要求し得るプライバシー権限を示します。機能に必要な範囲を超える権限はデータ収集の範囲を広げます。また、曖昧な、または実態と異なる利用目的の文言は、コンプライアンス上のリスクや App Review でのリジェクトにつながります。',
    testingSteps: 'Info.plist の UsageDescription で終わるすべてのキーとその文言を読み取ります。',
    solution: '不要な権限を削除し、各権限の用途を具体的な文言で説明したうえで、プライバシーポリシーの記載と一致させてください。',
  },
  'plist.min_os_version': {
    purpose: 'アプリがサポートする最も古い iOS バージョンが古すぎないかを確認します。',
    description:
      'MinimumOSVersion が 12.0 未満の場合、セキュリティアップデートの提供が終了し、公開済みの脆弱性が多数存在する OS 上でもアプリが動作します。そうした OS では新しい保護機構（より厳格な ATS の既定値、ポインター認証など）を利用できず、アプリのデータの保護が保守されていない OS に依存することになります。',
    testingSteps:
      'Info.plist から MinimumOSVersion を読み取り（存在しない場合は LC_BUILD_VERSION / LC_VERSION_MIN_IPHONEOS の minos）、12.0 と比較します。',
    solution: 'デプロイメントターゲットを、Apple がセキュリティアップデートを引き続き提供しているバージョンに引き上げてください。',
  },
  'plist.file_sharing': {
    purpose: 'アプリの Documents フォルダーが「ファイル」アプリやコンピューターとのファイル共有を通じて公開されていないかを確認します。',
    description:
      'UIFileSharingEnabled または LSSupportsOpeningDocumentsInPlace が true に設定されている場合、Documents 内のすべてのファイルを Finder/iTunes や「ファイル」アプリから読み取り・置換できます。そこに保存されたデータベース、キャッシュ、設定が漏えいしたり、改ざんされたりするおそれがあります。',
    testingSteps: 'Info.plist の UIFileSharingEnabled と LSSupportsOpeningDocumentsInPlace を読み取ります。',
    solution:
      'Documents にはユーザー向けのファイルのみを置き、内部データは Library/Application Support に保存したうえでファイル保護クラスを設定してください。',
  },
  'provisioning.get_task_allow': {
    purpose: '署名されたエンタイトルメントに get-task-allow = true が含まれていないかを確認します。',
    description:
      'get-task-allow が true の場合、他のプロセス（デバッガーやインジェクションツール）がアプリの task port を取得してアタッチし、メモリを読み取り・改変できます。この権限を持つべきなのは開発ビルドのみであり、配布パッケージに含まれている場合は開発用の署名が使用されていることを意味します。',
    testingSteps:
      'メイン実行ファイルのコード署名内のエンタイトルメント（存在しない場合は embedded.mobileprovision の Entitlements）を読み取り、get-task-allow を確認します。',
    solution: '配布用（Distribution）証明書と、App Store または Ad Hoc のプロビジョニングプロファイルで再署名してください。',
  },
  'provisioning.development_profile': {
    purpose: 'embedded.mobileprovision の種類（開発用、Ad Hoc、エンタープライズ、App Store）を識別します。',
    description:
      '開発用プロファイル（デバイスリストを含み、デバッグを許可するもの）はデバッグビルドであることを示し、通常はデバッグ用のコードや緩い設定を含みます。エンタープライズプロファイル（ProvisionsAllDevices）は任意のデバイスにインストールでき、App Review を経ない配布に悪用されることが少なくありません。いずれも一般公開するリリースに含めるべきではありません。',
    testingSteps:
      'embedded.mobileprovision（CMS で署名された plist）を解析し、ProvisionsAllDevices、ProvisionedDevices、get-task-allow から種類を判定します。',
    solution: '一般公開するリリースには App Store 配布用のプロファイルを使用し、社内テスト用のビルドは外部に流出させないでください。',
  },
  'provisioning.profile_expired': {
    purpose: 'プロビジョニングプロファイルと署名証明書の有効期間を確認します。',
    description:
      'プロファイル（ExpirationDate）または署名証明書の有効期限が切れると、App Store 以外で配布されたアプリは起動できなくなります。期限切れのパッケージがなお流通している場合、それは古いパッケージであり、第三者によって再署名されている可能性があります。',
    testingSteps: 'embedded.mobileprovision の ExpirationDate および署名証明書の notAfter を解析時刻と比較します。',
    solution: '有効な証明書とプロファイルで再署名し、再配布してください。',
  },

  // Secrets and addresses
  'secrets.api_keys': {
    purpose: 'バイナリ内の文字列および同梱ファイルから、クラウドサービスの鍵、アクセストークン、秘密鍵を検出します。',
    description:
      'パッケージは誰でもダウンロードして展開できるため、そこに含まれる AWS、Alibaba Cloud、Google、Stripe などのアクセスキー、秘密鍵、トークンは事実上公開されているのと同じです。攻撃者はアプリになりすましてバックエンドを呼び出し、費用を発生させたり、データにアクセスしたりできます。',
    testingSteps:
      '各バイナリの __cstring/__cfstring の文字列と、同梱のテキストファイルおよび plist ファイルの内容を抽出し、既知の鍵の形式（プレフィックス、長さ、チェックサムなどの検証）と照合します。',
    solution:
      'クライアントから鍵を削除し、サービスはサーバー側から呼び出すか、有効期間の短い認証情報を発行してください。漏えいした鍵は直ちに失効させ、ローテーションしてください。',
  },
  'secrets.hardcoded_credentials': {
    purpose: 'コードや設定に記述されたパスワードを検出します。',
    description:
      'パッケージ内に記述されたパスワード（password=…、接続文字列内のパスワードなど）はそのまま抽出でき、バックエンド、データベース、テストアカウントへの不正アクセスに使用されるおそれがあります。',
    testingSteps: '文字列およびファイルの中から、パスワードの代入やパスワードを含む接続文字列を探します（プレースホルダーは除外します）。',
    solution:
      'ハードコードされたパスワードを削除し、セッションはユーザーのログインを通じて、またはサーバーから取得するようにしてください。漏えいしたパスワードは変更してください。',
  },
  'secrets.plist_secrets': {
    purpose: 'Info.plist およびその他の同梱プロパティリストに、鍵、シークレット、パスワード、トークンを示す名前のエントリがないかを確認します。',
    description:
      'プロパティリストは平文の設定ファイルです。API_KEY、AppSecret、ClientSecret、password、token などの名前を持ち、実際の値が設定されたエントリ（SDK の AppSecret など）は、そのまま読み取られて悪用されるおそれがあります。アプリを識別するだけで、その署名や Bundle ID に紐付けられた公開用のアプリキーはリスクが低く、サーバー側の設定と併せて判断する必要があります。',
    testingSteps:
      'Info.plist と同梱されたすべての XML またはバイナリ形式の plist を解析してエントリを走査し、機密性を示すキー名で、値がプレースホルダーでないものを報告します。',
    solution:
      '秘密情報はクライアントから取り除いてください。同梱が避けられないアプリキーは、サーバー側で権限を制限し、署名と Bundle ID に紐付けてください。',
  },
  'secrets.high_entropy_strings': {
    purpose: '既知の鍵形式のいずれにも一致しない、ランダムに見える文字列を、手動確認のために一覧表示します。',
    description:
      '文字の分布がランダムに近い長い文字列は、独自の鍵、暗号鍵、トークンである可能性がありますが、単なるハッシュ値やリソース ID である場合もあります。用途は担当者による確認が必要です。',
    testingSteps:
      '文字列のシャノンエントロピーを計算し、既知の形式、プレースホルダー、よくある誤検知を除いたうえで、しきい値を超えるものを一覧表示します。',
    solution: '鍵であると確認された文字列は、クライアントから削除するか、実行時にサーバーから取得するようにしてください。',
  },
  'secrets.http_urls': {
    purpose: 'バイナリおよび同梱ファイル内の http:// URL を一覧表示します。',
    description:
      'http:// でアクセスする API やリソースは暗号化されずに送受信されるため、盗聴・改ざんされるおそれがあります。ATS が有効な場合これらのリクエストは失敗しますが、ATS が緩和されている場合は、気付かれないまま平文で送信されます。',
    testingSteps:
      '文字列およびファイルの内容から URL を抽出し、XML 名前空間、DTD、証明書関連の参照 URL を除いた http:// の URL を一覧表示します。',
    solution: 'すべての API とリソースを HTTPS に移行してください。',
  },
  'secrets.endpoints': {
    purpose: '資産の棚卸しとプライバシーのレビューのため、アプリ内のサービスアドレス、IP アドレス、メールアドレスを一覧表示します。',
    description:
      'ハードコードされたバックエンドのアドレス、内部 IP アドレス、テスト環境のホスト、連絡先のアドレスは、サーバー側の攻撃対象領域を露呈させるとともに、アプリがどの第三者と通信しているかを示します。',
    testingSteps:
      '文字列およびファイルの内容から、URL、IPv4/IPv6 アドレス（プライベート／パブリックを区別）、メールアドレスを抽出します。',
    solution:
      'テスト環境や内部のアドレスを削除し、アプリが通信するすべての第三者がプライバシーポリシーで開示されていることを確認してください。',
  },
  'secrets.sensitive_words': {
    purpose: 'タスクに設定された機密ワードを検出します。',
    description:
      '機密ワードはユーザーが設定するもの（内部のプロジェクトコード名、テストアカウント、内部ホストなど）です。リリース版のパッケージに含まれていると、内部情報が漏えいするおそれがあります。',
    testingSteps: '設定された各ワードを、バイナリ内の文字列および同梱ファイルから検索します。',
    solution: 'リリース版のパッケージからこれらの内容を削除してください。',
  },

  // Resilience
  'resilience.jailbreak_detection': {
    purpose: 'アプリが脱獄デバイスを識別しているかを確認します。',
    description:
      '脱獄デバイスではサンドボックスとコード署名による保護が機能しなくなり、他のプロセスがアプリのデータを読み取ったり、ライブラリを注入して関数をフックしたりできます。/Applications/Cydia.app、/bin/bash、/usr/sbin/sshd、/etc/apt、/var/jb などのファイルの確認、cydia:// のようなスキームの確認、fork() によるサンドボックスの確認、または脱獄検出ライブラリが見つかった場合は保護対策ありと判定し、いずれも見つからない場合は保護対策の欠如として報告します。',
    testingSteps:
      'バイナリ内の文字列から脱獄関連のファイルパスとスキームを、インポートから fork を、クラス名から脱獄検出ライブラリを探します。',
    solution: '機密性の高い機能では複数の脱獄検出手法を組み合わせ、サーバー側のリスク管理と App Attest で補強してください。',
  },
  'resilience.debugger_detection': {
    purpose: 'アプリがデバッガーをブロックまたは検知しているかを確認します。',
    description:
      'デバッガーを使用すると、コードのステップ実行、メモリの読み取り、判定処理の改変が可能になります。ptrace(PT_DENY_ATTACH)（インポート、dlsym による名前解決、または svc #0x80 によるシステムコール 26 のインライン呼び出しのいずれか）と、sysctl(KERN_PROC) による P_TRACED フラグの確認を保護対策ありと判定します。',
    testingSteps: 'インポートから ptrace と sysctl を、文字列から "ptrace" を、arm64 コードから x16/w16 = 26 の直後の svc #0x80 を探します。',
    solution:
      '起動時および重要な処理の中に複数のアンチデバッグ対策を組み込み、検知時の対応（終了、機能の縮退、サーバーへの通報）を実装してください。',
  },
  'resilience.hook_detection': {
    purpose: 'アプリが Frida、Cycript、Substrate などの動的計装フレームワークを識別しているかを確認します。',
    description:
      'Frida、Cycript、Cydia Substrate、SSL Kill Switch は、ライブラリを注入して関数をフックすることで、証明書の検証、脱獄検出、ビジネスロジックを回避します。FridaGadget、frida-server、ポート 27042、libcycript、MobileSubstrate などの文字列、または _dyld_get_image_name による読み込み済みイメージの走査が見つかった場合は保護対策ありと判定します。',
    testingSteps: 'バイナリ内の文字列から計装フレームワークの特徴を、インポートから _dyld_get_image_name / _dyld_image_count を探します。',
    solution: '読み込み済みイメージに不審なライブラリがないか、Frida のポートが使用されていないかを確認し、重要な関数の完全性を検証してください。',
  },

  // SDKs and package
  'sdk.third_party': {
    purpose: 'アプリに組み込まれたサードパーティ SDK とそのカテゴリを一覧表示します。',
    description:
      'サードパーティ SDK はアプリのプロセス内でアプリと同じ権限を持って動作するため、その脆弱性、データ収集、コンプライアンス上の問題はアプリ自身の問題となります。組み込まれた動的フレームワーク（Frameworks/*.framework）は名前で、メイン実行ファイルに静的リンクされた SDK は Objective-C のクラス名プレフィックスと Swift のモジュール名で識別します。各検出結果は、アプリ本体に属するか、どの SDK に属するかを区別して示します。',
    testingSteps: '組み込みフレームワーク名、リンクされたライブラリ名、Objective-C のクラス名、Swift のモジュール名を SDK の特徴データベースと照合します。',
    solution: 'SDK の一覧をプライバシーポリシーの記載と照合し、脆弱性のある SDK を更新し、使用していない SDK を削除してください。',
  },
  'info.package_anomalies': {
    purpose: 'パッケージの ZIP 構造の異常や、読み取れない部分を検出します。',
    description:
      'エントリ名の重複、ローカルヘッダーと中央ディレクトリで異なる名前、安全でないパス（../）、破損した Mach-O スライスやプロパティリストがあると、解析ツールとシステムがそれぞれ異なる内容を参照することになります。これらは改ざんされたパッケージや、解析妨害を施したパッケージによく見られます。',
    testingSteps: 'ZIP の中央ディレクトリとローカルヘッダーを比較し、Mach-O ファイルとプロパティリストの読み取り中に検出した構造上のエラーを記録します。',
    solution: '公式のツールチェーンでビルドおよびエクスポートし、パッケージを改変する工程がないかビルドプロセスを見直してください。',
  },
};
