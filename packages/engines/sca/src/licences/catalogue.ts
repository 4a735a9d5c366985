/**
 * Catalogue items of the licence policy and of VEX-suppressed
 * vulnerabilities, as data in the shape of catalogue/index.ts: texts
 * [zh-CN, en, ja] (titles also zh-TW; the rest of zh-TW by OpenCC).
 * Licence facts follow the SPDX License List (https://spdx.org/licenses/);
 * VEX states follow CycloneDX 1.6 and OpenVEX v0.2.0.
 */
import { type ItemSpec, type KeyedRuleItem, defineItems, onPlatform } from '@citadel/engine-core';

type Tri = readonly [string, string, string];
interface Spec extends Omit<ItemSpec, 'purpose' | 'description' | 'testingSteps' | 'solution'> {
  purpose: Tri;
  description: Tri;
  testingSteps: Tri;
  solution: Tri;
}

const SPDX = 'https://spdx.org/licenses/';
const policyPurpose: Tri = ['按客户的许可证策略（允许/禁止清单）检查组件声明的许可证。', 'Checks the components\' declared licences against the customer\'s licence policy (allowed and denied lists).', '顧客のライセンスポリシー（許可・禁止リスト）に照らしてコンポーネントが宣言するライセンスを確認します。'];
const policySteps: Tri = ['从 package-lock、node_modules、composer.lock、pom.xml、Python 元数据（METADATA）和 SBOM 读取许可证，规范化为 SPDX 表达式，按其中可选的最优组合与策略比对。', 'Read the licences from package-lock, node_modules, composer.lock, pom.xml, Python metadata (METADATA) and SBOMs, normalise them to SPDX expressions, and judge the best of the alternatives an expression offers against the policy.', 'package-lock、node_modules、composer.lock、pom.xml、Python メタデータ（METADATA）、SBOM からライセンスを読み取り、SPDX 式に正規化し、式が示す選択肢のうち最も有利なものをポリシーと照合します。'];

const SPECS: (Spec & { group: 'licence' | 'vulnerabilities' })[] = [
  {
    group: 'licence',
    name: 'denied',
    risk: 'high',
    cwe: [],
    owasp: [],
    title: ['组件使用禁止的许可证', 'Components under a denied licence', '元件使用禁止的授權條款', '禁止されたライセンスのコンポーネント'],
    purpose: policyPurpose,
    description: ['组件的许可证（在其所有可选组合中）都含有策略禁止的许可证，例如要求公开衍生作品源代码的强著佐权许可证。', 'Every alternative of the component\'s licence includes a licence the policy denies, for example a strong copyleft licence that requires publishing the source of derived works.', 'コンポーネントのライセンスのどの選択肢にもポリシーで禁止されたライセンスが含まれます（派生物のソース公開を求める強いコピーレフトなど）。'],
    testingSteps: policySteps,
    solution: ['替换该组件、取得商业许可，或经法务评估后调整策略。', 'Replace the component, obtain a commercial licence, or have the policy changed after legal review.', 'コンポーネントを置き換えるか、商用ライセンスを取得するか、法務の確認を経てポリシーを変更してください。'],
    references: [SPDX],
  },
  {
    group: 'licence',
    name: 'not_allowed',
    risk: 'medium',
    cwe: [],
    owasp: [],
    title: ['组件许可证不在允许清单中', 'Component licences not on the allowed list', '元件授權條款不在允許清單中', '許可リストにないライセンスのコンポーネント'],
    purpose: policyPurpose,
    description: ['策略给出了允许的许可证清单，而组件的许可证没有一个可选组合完全由允许的许可证组成，需要评估后才能使用。', 'The policy lists the allowed licences and no alternative of the component\'s licence is made of allowed licences only: it needs a review before use.', 'ポリシーに許可ライセンスのリストがあり、コンポーネントのライセンスに許可ライセンスだけからなる選択肢がありません。使用前に確認が必要です。'],
    testingSteps: policySteps,
    solution: ['评估该许可证的义务后将其加入允许清单，或替换组件。', 'Review the licence\'s obligations and add it to the allowed list, or replace the component.', 'ライセンスの義務を確認して許可リストに追加するか、コンポーネントを置き換えてください。'],
    references: [SPDX],
  },
  {
    group: 'licence',
    name: 'unknown',
    risk: 'low',
    cwe: [],
    owasp: [],
    title: ['组件许可证无法识别', 'Component licences not recognised', '元件授權條款無法識別', '認識できないライセンスのコンポーネント'],
    purpose: ['找出声明了但无法对应到 SPDX 许可证的组件许可证，以及有许可证策略时未声明许可证的组件。', 'Finds declared licences that do not correspond to an SPDX licence, and, when a licence policy is given, components that declare none.', 'SPDX ライセンスに対応しない宣言ライセンスと、ライセンスポリシーがある場合にライセンスを宣言していないコンポーネントを見つけます。'],
    description: ['无法识别的许可证（自定义文本、拼写错误、"SEE LICENSE IN …"）不能自动判断是否合规，需要人工查看。', 'An unrecognised licence (custom text, a misspelling, "SEE LICENSE IN …") cannot be judged automatically and needs a person to read it.', '認識できないライセンス（独自の文面、綴りの誤り、「SEE LICENSE IN …」）は自動で判断できず、人による確認が必要です。'],
    testingSteps: ['将声明的许可证按 SPDX 许可证列表和常见名称别名规范化，记录无法对应的部分。', 'Normalise declared licences with the SPDX License List and common name aliases, and record the parts that do not correspond.', '宣言されたライセンスを SPDX ライセンスリストと一般的な名称の別名で正規化し、対応しない部分を記録します。'],
    solution: ['查看组件的许可证文件，确认后在策略中处理，或请上游使用 SPDX 标识符。', 'Read the component\'s licence file and decide under the policy, or ask upstream to use an SPDX identifier.', 'コンポーネントのライセンスファイルを確認してポリシーに沿って判断するか、上流に SPDX 識別子の使用を依頼してください。'],
    references: [SPDX],
  },
  {
    group: 'vulnerabilities',
    name: 'suppressed',
    risk: 'info',
    cwe: ['CWE-1395'],
    owasp: ['A06:2021'],
    title: ['经 VEX 声明不受影响的漏洞', 'Vulnerabilities suppressed by a VEX statement', '經 VEX 聲明不受影響的漏洞', 'VEX で影響なしとされた脆弱性'],
    purpose: ['列出随扫描提供的 VEX 声明为不受影响、误报或已修复的漏洞，附其理由。', 'Lists the vulnerabilities a VEX given with the scan declares not affecting, false positive or fixed, with its justification.', 'スキャンとともに与えられた VEX が影響なし・誤検知・修正済みとする脆弱性を、その理由とともに示します。'],
    description: ['这些漏洞与组件版本匹配，但 VEX 声明其在本项目中不可利用，因此不计入风险；声明是人的判断，应定期复核。', 'These vulnerabilities match the component versions, but the VEX states they cannot be exploited in this project, so they do not count as risks; the statement is a person\'s judgement and should be reviewed regularly.', 'これらの脆弱性はコンポーネントのバージョンに一致しますが、VEX がこのプロジェクトでは悪用できないとしているためリスクに数えません。宣言は人の判断であり、定期的に見直してください。'],
    testingSteps: ['读取 CycloneDX VEX（analysis.state 为 not_affected、false_positive、resolved）或 OpenVEX（status 为 not_affected、fixed），按漏洞编号（含别名）和组件（bom-ref 或 purl）匹配。', 'Read a CycloneDX VEX (analysis.state not_affected, false_positive, resolved) or OpenVEX (status not_affected, fixed) and match by vulnerability id (aliases included) and component (bom-ref or purl).', 'CycloneDX VEX（analysis.state が not_affected、false_positive、resolved）または OpenVEX（status が not_affected、fixed）を読み取り、脆弱性 ID（別名を含む）とコンポーネント（bom-ref または purl）で照合します。'],
    solution: ['复核每条声明的理由；组件升级后删除过时的声明。', 'Review each statement\'s justification; remove statements that no longer apply after an upgrade.', '各宣言の理由を見直し、更新後に当てはまらなくなった宣言は削除してください。'],
    references: ['https://cyclonedx.org/capabilities/vex/', 'https://github.com/openvex/spec'],
  },
];

const pair = (t: Tri): readonly [string, string] => [t[0], t[1]];
const asItem = (s: Spec): ItemSpec => ({ name: s.name, risk: s.risk, cwe: s.cwe, owasp: s.owasp, title: s.title, purpose: pair(s.purpose), description: pair(s.description), testingSteps: pair(s.testingSteps), solution: pair(s.solution), ...(s.references ? { references: s.references } : {}) });

export const LICENCE_ITEMS: readonly KeyedRuleItem[] = [
  ...defineItems('licence', SPECS.filter((s) => s.group === 'licence').map(asItem), [onPlatform('sca')]),
  ...defineItems('vulnerabilities', SPECS.filter((s) => s.group === 'vulnerabilities').map(asItem), [onPlatform('sca')]),
];

export const LICENCE_JA: Record<string, { purpose: string; description: string; testingSteps: string; solution: string }> = Object.fromEntries(
  SPECS.map((s) => [`${s.group}.${s.name}`, { purpose: s.purpose[2], description: s.description[2], testingSteps: s.testingSteps[2], solution: s.solution[2] }]),
);
