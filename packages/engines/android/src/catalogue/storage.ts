/** Data storage items found in DEX bytecode. */
import { items } from './define-item.ts';

export const STORAGE_ITEMS = items('storage', [
  {
    name: 'world_readable_writable',
    risk: 'high',
    cwe: ['CWE-276'],
    owasp: ['MASVS-STORAGE-2'],
    title: ['文件全局可读写', 'World-readable or world-writable files', '檔案全域可讀寫', 'ファイルが全ユーザー読み書き可能'],
    purpose: ['检测以全局可读或可写模式创建的文件。', 'Finds files created world-readable or world-writable.'],
    description: [
      '以 MODE_WORLD_READABLE / MODE_WORLD_WRITEABLE 创建文件、SharedPreferences 或数据库，或以 setReadable/setWritable(true, false) 放开权限，会使任意应用可以读取或篡改其内容。',
      'Files, SharedPreferences or databases created with MODE_WORLD_READABLE / MODE_WORLD_WRITEABLE, or opened up with setReadable/setWritable(true, false), can be read or changed by any app.',
    ],
    testingSteps: ['分析 openFileOutput、getSharedPreferences、openOrCreateDatabase 的 mode 参数，以及 File.setReadable/setWritable 的 ownerOnly 参数。', 'Check the mode argument of openFileOutput, getSharedPreferences and openOrCreateDatabase, and the ownerOnly argument of File.setReadable/setWritable.'],
    solution: ['使用 MODE_PRIVATE，通过 ContentProvider 或 FileProvider 受控共享数据。', 'Use MODE_PRIVATE and share data through a ContentProvider or FileProvider.'],
    sdk: true,
  },
  {
    name: 'external_storage',
    risk: 'medium',
    cwe: ['CWE-922'],
    owasp: ['MASVS-STORAGE-2'],
    title: ['使用外部存储', 'Uses external storage', '使用外部儲存', '外部ストレージを使用'],
    purpose: ['检测读写外部存储的代码。', 'Finds code that reads or writes external storage.'],
    description: [
      '外部存储中的文件可被其他持有存储权限的应用读取和修改，写入其中的敏感数据可能泄露，从中读取的文件可能被篡改。',
      'Files on external storage can be read and changed by other apps with storage access: sensitive data written there leaks, and files read from there may be tampered with.',
    ],
    testingSteps: ['查找 Environment.getExternalStorageDirectory、getExternalStoragePublicDirectory、Context.getExternalFilesDir 等调用。', 'Find calls to Environment.getExternalStorageDirectory, getExternalStoragePublicDirectory, Context.getExternalFilesDir and similar.'],
    solution: ['敏感数据仅存放在应用私有目录，必要时加密；从外部存储读取的数据需校验完整性。', 'Keep sensitive data in the private directory, encrypted where needed, and verify the integrity of anything read from external storage.'],
    sdk: true,
  },
  {
    name: 'shared_preferences_sensitive',
    risk: 'medium',
    cwe: ['CWE-312'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['SharedPreferences 明文存储敏感数据', 'Sensitive data in plain SharedPreferences', 'SharedPreferences 明文儲存敏感資料', 'SharedPreferences に機密データを平文保存'],
    purpose: ['检测以密码、令牌等为键名写入 SharedPreferences 的代码。', 'Finds SharedPreferences writes whose key names a password, token or similar.'],
    description: [
      'SharedPreferences 以明文 XML 保存在应用目录中，在设备被 root、备份导出或应用可调试时可被直接读取。',
      'SharedPreferences are plain XML files in the app directory, readable on rooted devices, from backups or when the app is debuggable.',
    ],
    testingSteps: ['分析 SharedPreferences.Editor.putString 等调用的键名常量，匹配 password、token、secret、pin 等敏感词。', 'Check the key constants of SharedPreferences.Editor.putString and similar against sensitive names such as password, token, secret or pin.'],
    solution: ['不在本地保存口令；其他敏感数据使用 Keystore 保护的密钥加密后保存。', 'Do not store passwords locally; encrypt other sensitive data with a Keystore-protected key.'],
    sdk: true,
  },
  {
    name: 'sqlite_sensitive',
    risk: 'medium',
    cwe: ['CWE-312'],
    owasp: ['MASVS-STORAGE-1'],
    title: ['SQLite 数据库明文存储敏感数据', 'Sensitive data in a plain SQLite database', 'SQLite 資料庫明文儲存敏感資料', 'SQLite データベースに機密データを平文保存'],
    purpose: ['检测建表语句中包含密码、卡号等敏感字段的明文数据库。', 'Finds plain databases whose tables hold passwords, card numbers and similar.'],
    description: [
      '未加密的 SQLite 数据库文件可在 root、备份或调试条件下被直接复制读取，其中的口令、卡号等数据将直接泄露。',
      'An unencrypted SQLite file can be copied and read on rooted devices, from backups or when debuggable, exposing passwords and card numbers stored in it.',
    ],
    testingSteps: ['分析代码中的 CREATE TABLE 语句常量，识别 password、credit_card、token 等敏感列名。', 'Check CREATE TABLE constants in the code for sensitive column names such as password, credit_card or token.'],
    solution: ['不保存口令；敏感字段加密后保存，或使用 SQLCipher 等加密数据库。', 'Do not store passwords; encrypt sensitive columns or use an encrypted database such as SQLCipher.'],
    sdk: true,
  },
]);
