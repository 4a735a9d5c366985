/**
 * Japanese texts of the source catalogue. As in define-item.ts, purpose and testing steps
 * follow from the item's Japanese title and check style, so only description and solution
 * are written per item (TEXTS).
 */
import type { TranslationTable } from '@citadel/engine-core';
import type { CheckStyle } from './define-item.ts';
import { INJECTION_DEFS } from './injection.ts';
import { OTHER_DEFS } from './other.ts';

const purpose = (jaTitle: string): string => `ソースコードにおける「${jaTitle}」の問題を検出します。`;

const STEPS: Record<CheckStyle, string> = {
  taint:
    'ソースコードを構文木に解析し、リクエストパラメーター、ヘッダー、Cookie などの信頼できないソースからのデータを、各関数内および同一ファイル内の関数呼び出し間で追跡します。データがサニタイズされずに危険な呼び出し（シンク）に到達した場合に、データフローの経路とともに報告します。',
  pattern: 'ソースコードを構文木に解析し、呼び出しとその引数（既知の定数は伝播させます）を調べて、安全でない使用方法を特定します。',
  config: 'プロジェクトの設定ファイル（AndroidManifest.xml、network_security_config.xml、Info.plist）を読み取り、安全でない設定がないかを確認します。',
  secret: 'ソースコードおよび設定ファイルから、既知の形式の鍵、トークン、秘密鍵と、文字列リテラルが代入されたパスワード変数を検索します。プレースホルダーは除外します。',
};

/** Description and solution of each item, keyed by item id without "source.". */
const TEXTS: Record<string, { description: string; solution: string }> = {
  // Injection (data flow)
  'injection.sql': {
    description: '信頼できないデータが SQL 文に連結されて実行されるため、攻撃者がデータベースを読み取ったり改ざんしたりできます。',
    solution: 'パラメーター化クエリ（PreparedStatement のプレースホルダー、ORM のバインドパラメーター）を使用し、SQL を文字列連結で組み立てないでください。',
  },
  'injection.command': {
    description: '信頼できないデータがオペレーティングシステムのコマンドまたはその環境に渡されるため、攻撃者が任意のコマンドを実行できます。',
    solution: 'シェルの使用を避け、固定のコマンドと引数配列を使用したうえで、入力を許可リストで検証してください。',
  },
  'injection.code': {
    description: '信頼できないデータがコードとして評価されます（eval、Function、exec など）。',
    solution: '入力を eval しないでください。データの解析には JSON.parse や parseInt などの安全なパーサーを使用してください。',
  },
  'injection.path_traversal': {
    description: '信頼できないデータからファイルパスが組み立てられるため、攻撃者が ../ を用いて任意のファイルを読み書きできます。',
    solution: 'ファイル名（basename）のみを受け付け、正規化したうえで、結果が許可されたディレクトリ内に収まっていることを確認してください。',
  },
  'injection.xss': {
    description: '信頼できないデータがエンコードされずに HTTP レスポンスに書き込まれるため、攻撃者がユーザーのブラウザーでスクリプトを実行できます。',
    solution: '出力コンテキスト（HTML、属性、JavaScript）に応じてエンコードするか、自動エスケープ機能を持つテンプレートを使用してください。',
  },
  'injection.ldap': {
    description: '信頼できないデータが LDAP フィルターに連結されます。',
    solution: 'フィルターのメタ文字をエスケープする（例: ESAPI の encodeForLDAP）か、パラメーター化されたフィルターを使用してください。',
  },
  'injection.xpath': {
    description: '信頼できないデータが XPath 式に連結されます。',
    solution: 'XPath 変数リゾルバー（XPathVariableResolver）で値をバインドするか、入力を厳格に検証してください。',
  },
  'injection.ssrf': {
    description: 'サーバーが信頼できないデータによって指定されたアドレスにリクエストを送信するため、内部サービスへのアクセスに悪用されるおそれがあります。',
    solution: '許可リストに登録されたホストとスキームのみを許可し、内部アドレスおよびループバックアドレスを拒否してください。',
  },
  'injection.deserialization': {
    description: '信頼できないデータがデシリアライズされ（ObjectInputStream、pickle、unserialize、yaml.load など）、リモートコード実行につながるおそれがあります。',
    solution: '信頼できないデータをデシリアライズしないでください。JSON などの単純なデータ形式を使用するか、型の許可リストを使用してください。',
  },
  'injection.xxe': {
    description: 'XML パーサーで DTD や外部エンティティが無効化されていないため、信頼できない XML を解析すると、ローカルファイルの読み取りやリクエストの送信が行われるおそれがあります。',
    solution: 'disallow-doctype-decl を true に設定するか、外部エンティティと DTD のサポートを無効にしてください。',
  },
  'injection.open_redirect': {
    description: 'リダイレクト先が信頼できないデータによって決まるため、フィッシングに悪用されるおそれがあります。',
    solution: 'リダイレクト先は、サイト内の相対パスまたは許可リストに登録されたアドレスのみに限定してください。',
  },
  'injection.template': {
    description: '信頼できないデータがテンプレートとしてコンパイルまたはレンダリングされるため、サーバー側でのコード実行につながるおそれがあります。',
    solution: 'テンプレートの内容は固定とし、信頼できないデータはテンプレート変数としてのみ渡してください。',
  },
  'injection.nosql': {
    description: '信頼できないデータが NoSQL クエリ（例: MongoDB の $where やクエリオブジェクト）に入り込みます。',
    solution: '$where の使用を避け、入力を想定される型に変換してからクエリを組み立ててください。',
  },
  'injection.log': {
    description: '信頼できないデータがエンコードされずにログに書き込まれるため、ログエントリを偽造されるおそれがあります。',
    solution: 'ログに出力する前に、改行文字などの制御文字を除去またはエンコードしてください。',
  },
  'web.trust_boundary': {
    description: '信頼できないデータが検証されないままセッションなどの信頼されたストレージに格納され、その後、信頼できるデータとして使用されます。',
    solution: 'セッションに格納する前にデータを検証するか、信頼できないデータを信頼できるデータと分けて保管してください。',
  },

  // Cryptography
  'crypto.weak_cipher': {
    description: 'DES、3DES、RC4 などの脆弱なアルゴリズム、または ECB モード（デフォルトで ECB となる単なる "AES" の指定を含む）が使用されています。',
    solution: 'AES-GCM や ChaCha20-Poly1305 などの認証付き暗号を使用してください。',
  },
  'crypto.weak_hash': {
    description: 'MD5、SHA-1 などの安全性が破られたハッシュアルゴリズムが使用されています。',
    solution: 'SHA-256 以上を使用してください。パスワードの保存には bcrypt、scrypt、Argon2 または PBKDF2 を使用してください。',
  },
  'crypto.static_key': {
    description: '暗号鍵が定数としてコードに記述されています。',
    solution: '鍵は鍵管理サービスまたは安全なストレージから取得してください。',
  },
  'crypto.static_iv': {
    description: '暗号化に定数の IV が使用されているため、同一の平文から同一の暗号文が生成されます。',
    solution: '暗号化のたびに、安全な乱数源から新しい IV を生成してください。',
  },
  'crypto.insecure_random': {
    description: '予測可能な擬似乱数生成器（java.util.Random、Math.random、rand など）が使用されています。',
    solution: 'セキュリティに関わる値には、暗号論的に安全な乱数生成器（SecureRandom、crypto.randomBytes、secrets）を使用してください。',
  },

  // Network
  'network.trust_all_certificates': {
    description: 'TLS 証明書の検証が無効化されています（空の TrustManager、rejectUnauthorized: false、InsecureSkipVerify、verify=False）。',
    solution: 'デフォルトの証明書検証を維持し、必要に応じて証明書ピンニングを使用してください。',
  },
  'network.hostname_verifier': {
    description: 'HostnameVerifier がすべてのホストに対して true を返します。',
    solution: 'デフォルトのホスト名検証を使用してください。',
  },
  'web.insecure_cookie': {
    description: 'Cookie が Secure 属性なしで送信されるため、平文の HTTP 通信で漏えいするおそれがあります。',
    solution: 'Cookie に Secure 属性（および HttpOnly、SameSite 属性）を設定してください。',
  },

  // Secrets and logging
  'secrets.hardcoded_password': {
    description: 'パスワードまたは鍵が定数としてコードに書かれています（パスワードや鍵を表す変数への代入、セッション・JWT・HMAC の署名鍵としての受け渡し、データベース接続文字列内のパスワード）。',
    solution: '認証情報は、環境変数、設定サービスまたはシークレット管理サービスから読み込んでください。',
  },
  'secrets.hardcoded_secret': {
    description: 'ソースコードにクラウドサービスの鍵、秘密鍵またはアクセストークンが含まれています。',
    solution: '漏えいしたシークレットを失効させ、代わりにシークレット管理サービスから読み込むようにしてください。',
  },
  'code.sensitive_log': {
    description: 'パスワード、トークンなどの機密情報を保持する変数が、ログまたはコンソールに出力されています。',
    solution: '機密データをログに出力しないでください。必要な場合はマスキングしてください。',
  },

  // Native code
  'native.dangerous_function': {
    description: '境界チェックを行わない関数（gets、strcpy、strcat、sprintf、%s を指定した scanf など）が使用されています。',
    solution: '長さをチェックする代替関数（fgets、strlcpy/strncpy、snprintf）を使用してください。',
  },
  'native.format_string': {
    description: '書式化関数の書式引数が定数ではありません。',
    solution: '定数の書式文字列を使用してください（例: printf("%s", s)）。',
  },

  // WebView
  'webview.javascript_enabled': {
    description: 'WebView で setJavaScriptEnabled(true) が呼び出されています。',
    solution: 'JavaScript は、信頼できるコンテンツを読み込む場合にのみ有効にしてください。',
  },
  'webview.javascript_interface': {
    description: 'addJavascriptInterface によって、Java オブジェクトがページのスクリプトに公開されています。',
    solution: 'インターフェースは信頼できるページにのみ公開し、@JavascriptInterface で呼び出し可能なメソッドを限定してください。',
  },
  'webview.file_access': {
    description: 'WebView が file:// へのアクセス、またはファイル URL からのクロスオリジンアクセスを許可しています。',
    solution: 'setAllowFileAccess および関連する設定を無効にしてください。',
  },
  'webview.debugging': {
    description: 'setWebContentsDebuggingEnabled(true) により、USB 経由で Web コンテンツをデバッグできる状態になっています。',
    solution: 'デバッグビルドでのみ有効にしてください。',
  },
  'webview.ssl_error_proceed': {
    description: 'onReceivedSslError で handler.proceed() を呼び出し、読み込みを続行しています。',
    solution: 'handler.cancel() を呼び出してください。証明書エラーは決して無視しないでください。',
  },

  // Project configuration (Android, iOS)
  'android.debuggable': {
    description: 'AndroidManifest.xml で android:debuggable="true" が設定されています。',
    solution: 'この属性を削除し、ビルドタイプによって決定されるようにしてください。',
  },
  'android.allow_backup': {
    description: 'android:allowBackup="true" により、adb 経由でアプリのデータをバックアップできます。',
    solution: 'android:allowBackup="false" を設定するか、バックアップルールを構成してください。',
  },
  'android.cleartext_traffic': {
    description: 'usesCleartextTraffic または network_security_config によって、平文通信が許可されています。',
    solution: '平文通信を無効にし、すべての通信で HTTPS を使用してください。',
  },
  'android.exported_component': {
    description: 'Activity、Service、Receiver または Provider が、android:permission による保護なしでエクスポートされています。',
    solution: '不要な場合は android:exported="false" を設定し、必要な場合は署名レベルの権限で保護してください。',
  },
  'ios.ats_arbitrary_loads': {
    description: 'Info.plist で NSAllowsArbitraryLoads が true に設定されており、App Transport Security が無効になっています。',
    solution: 'このキーを削除し、必要なドメインに限り例外を追加してください。',
  },
  'ios.ats_insecure_exception': {
    description: 'NSExceptionAllowsInsecureHTTPLoads により、一部のドメインで HTTP が許可されています。',
    solution: 'これらのドメインを HTTPS で提供し、例外を削除してください。',
  },
};

const DEFS = new Map([...INJECTION_DEFS, ...OTHER_DEFS].map((d) => [d.key, d]));

/**
 * Japanese texts of the source catalogue, keyed by item id without "source.". A TEXTS key
 * without an item stays in the table, so engine-core rejects it as stale at import.
 */
export const JA_TEXTS: TranslationTable = Object.fromEntries(
  [...new Set([...DEFS.keys(), ...Object.keys(TEXTS)])].map((key) => {
    const def = DEFS.get(key);
    return [key, { ...(def ? { purpose: purpose(def.title[3]), testingSteps: STEPS[def.style] } : {}), ...TEXTS[key] }];
  }),
);
