import type { TranslationTable } from '@citadel/engine-core';

const HS = 'ハンドシェイクのみを行い、アプリケーションデータは送信しません。';

/** Japanese texts of the TLS, database, UDP and ICS protocol items added with those modules (keys without platform prefix). */
const RO = '読み取り専用のハンドシェイクまたはログインのみを行い、何も変更しません。';

export const JA_PROTOCOL_TEXTS: TranslationTable = {
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
};
