/** Texts of the white-box screens (i18n keys under `whitebox`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  whitebox: {
    keyName: '密钥名称', length: '长度', bits: '{{n}} 位', source: '密钥来源', appliedLibrary: '应用白盒库', user: '用户', addTime: '添加时间', status: '状态', algorithm: '算法',
    enabled: '启用', disabled: '停用', enable: '启用', disable: '停用', none: '无',
    sources: { input: '用户输入', generated: '系统生成', generated_pair: '系统生成密钥对', imported_public: '导入外部公钥' },
    addSymmetric: '添加对称密钥', addAsymmetric: '添加非对称密钥', keyHex: '密钥（十六进制）', keyHexHint: '{{n}} 个十六进制字符；保存后不再显示', keyHexBad: '请输入 {{n}} 个十六进制字符',
    publicKey: '公钥', publicKeyHint: 'PEM 格式（-----BEGIN PUBLIC KEY-----）', publicKeyRequired: '请输入公钥', nameRequired: '请输入密钥名称', viewPublicKey: '查看公钥',
    secretNotice: '密钥以主密钥信封加密保存，创建后不再返回。',
    library: {
      add: '新建白盒库', name: '名称', logo: '标识', logoHint: '以字母开头，仅字母和数字，作为生成代码的符号前缀', logoRequired: '请输入标识', logoBad: '标识须以字母开头，仅含字母和数字',
      type: '类型', platform: '应用平台', algorithm: '算法', userName: '用户名', purpose: '功能用途', usageStatus: '使用状态', generationStatus: '生成状态', addTime: '添加时间',
      key: '原始密钥', keyRequired: '请选择原始密钥', nameRequired: '请输入名称', preference: '偏好', mode: '算法模式', padding: '填充方式',
      modeRequired: '算法模式至少选择 ECB 或 CBC 中的一项', purposeRequired: '功能用途至少选择一项', platformRequired: '请至少选择一个应用平台',
      android: 'Android 包名', ios: 'iOS 包名', idsHint: '每行一个', antiTheft: '防盗用', antiTheftHint: '须绑定至少一个包名。当前版本记录该选项并要求绑定；表本身尚未与绑定信息做密码学绑定，运行时防护来自包名绑定校验', antiTheftNeedsIds: '防盗用需要绑定至少一个包名',
      buildType: '静态/动态', detail: '详情', download: '下载', regenerate: '重新生成', failMsg: '失败原因',
      types: { static: '静态', dynamic: '动态' }, preferences: { security: '安全优先', performance: '性能优先' }, paddings: { pkcs7: 'PKCS#7', none: '无填充' },
      purposes: { enc: '加密', dec: '解密' }, platforms: { android: 'Android', ios: 'iOS', linux: 'Linux' },
      gen: { queued: '排队中', generating: '生成中', succeeded: '生成成功', failed: '生成失败' },
      dcaWarning: '表查找型白盒（Chow 等、Xiao–Lai）在历届 CHES WhibOx 竞赛中均被差分计算分析（DCA）等攻击攻破，除非另行加固。白盒库只能提高提取密钥的成本，不能替代安全的密钥存储；请查看每个库的 DCA 自评估报告。',
      tableBytes: '表大小', fileSize: '包大小', checks: '校验', throughput: '吞吐量', reference: '参考实现',
      dca: 'DCA 自评估', dcaMethod: '方法', dcaTarget: '攻击目标', traces: '迹数', recovered: '恢复的密钥字节', meanRank: '平均排名', whiteboxImpl: '白盒实现', plainImpl: '明文查表实现（对照）',
      dcaResisted: '一阶 DCA 在所测迹数内未能恢复密钥字节', dcaFell: '一阶 DCA 恢复了部分密钥字节：该白盒对 DCA 不具备抵抗力', step: '当前步骤',
    },
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  whitebox: {
    keyName: 'Key name', length: 'Length', bits: '{{n}} bits', source: 'Key source', appliedLibrary: 'White-box libraries', user: 'User', addTime: 'Added', status: 'Status', algorithm: 'Algorithm',
    enabled: 'Enabled', disabled: 'Disabled', enable: 'Enable', disable: 'Disable', none: 'None',
    sources: { input: 'User input', generated: 'System generated', generated_pair: 'System generated key pair', imported_public: 'Imported public key' },
    addSymmetric: 'Add symmetric key', addAsymmetric: 'Add asymmetric key', keyHex: 'Key (hex)', keyHexHint: '{{n}} hex digits; not shown again after saving', keyHexBad: 'Enter {{n}} hex digits',
    publicKey: 'Public key', publicKeyHint: 'PEM (-----BEGIN PUBLIC KEY-----)', publicKeyRequired: 'Enter the public key', nameRequired: 'Enter the key name', viewPublicKey: 'Public key',
    secretNotice: 'Keys are stored envelope-encrypted with the master key and never returned after creation.',
    library: {
      add: 'New white-box library', name: 'Name', logo: 'Logo', logoHint: 'Starts with a letter, letters and digits only; prefixes the generated symbols', logoRequired: 'Enter the logo', logoBad: 'The logo starts with a letter and has only letters and digits',
      type: 'Type', platform: 'Platform', algorithm: 'Algorithm', userName: 'User', purpose: 'Function and purpose', usageStatus: 'Usage status', generationStatus: 'Generation status', addTime: 'Added',
      key: 'Original key', keyRequired: 'Choose the original key', nameRequired: 'Enter the name', preference: 'Preference', mode: 'Algorithm mode', padding: 'Filling method',
      modeRequired: 'Choose at least one of ECB and CBC', purposeRequired: 'Choose at least one function', platformRequired: 'Choose at least one platform',
      android: 'Android package names', ios: 'iOS bundle ids', idsHint: 'One per line', antiTheft: 'Anti-theft', antiTheftHint: 'Needs at least one bound package. This version records the option and requires a binding; the tables are not yet cryptographically tied to it — run-time protection comes from the package binding check', antiTheftNeedsIds: 'Anti-theft needs at least one bound package',
      buildType: 'Static/dynamic', detail: 'Details', download: 'Download', regenerate: 'Generate again', failMsg: 'Failure',
      types: { static: 'Static', dynamic: 'Dynamic' }, preferences: { security: 'Security first', performance: 'Performance first' }, paddings: { pkcs7: 'PKCS#7', none: 'No padding' },
      purposes: { enc: 'Encrypt', dec: 'Decrypt' }, platforms: { android: 'Android', ios: 'iOS', linux: 'Linux' },
      gen: { queued: 'Queued', generating: 'Generating', succeeded: 'Generated', failed: 'Failed' },
      dcaWarning: 'Table-based white-boxes (Chow et al., Xiao–Lai) have fallen to differential computation analysis (DCA) and related attacks in every CHES WhibOx contest unless further hardened. A white-box library raises the cost of extracting the key; it is not a key store. See each library’s DCA self-assessment.',
      tableBytes: 'Tables', fileSize: 'Package', checks: 'Checks', throughput: 'Throughput', reference: 'Reference',
      dca: 'DCA self-assessment', dcaMethod: 'Method', dcaTarget: 'Target', traces: 'Traces', recovered: 'Key bytes recovered', meanRank: 'Mean rank', whiteboxImpl: 'White-box', plainImpl: 'Plain tables (baseline)',
      dcaResisted: 'First-order DCA recovered no key bytes within the traces measured', dcaFell: 'First-order DCA recovered key bytes: this white-box does not resist DCA', step: 'Step',
    },
  },
}, true, false);
