/**
 * The SCA rule catalogue as data: one item per severity of known
 * vulnerabilities (so the score weighs a critical advisory as the platform
 * weighs a serious finding) and one for components whose version the input
 * does not pin. Texts [zh-CN, en, ja] side by side (titles also zh-TW; the
 * rest of zh-TW by OpenCC, see engine-core translations.ts).
 */
import { type Catalogue, type ItemSpec, type KeyedRuleItem, defineItems, defineKeyedCatalogue, onPlatform } from '@citadel/engine-core';
import { LICENCE_ITEMS, LICENCE_JA } from '../licences/catalogue.ts';

type Tri = readonly [string, string, string];
interface Spec extends Omit<ItemSpec, 'purpose' | 'description' | 'testingSteps' | 'solution'> {
  purpose: Tri;
  description: Tri;
  testingSteps: Tri;
  solution: Tri;
}

const OSV = 'https://osv.dev/';
const A06 = ['A06:2021'];

const vulnPurpose: Tri = ['将项目依赖的组件及版本与离线漏洞库（OSV）比对。', 'Matches the project\'s components and versions against the offline vulnerability data (OSV).', 'プロジェクトが依存するコンポーネントとバージョンをオフラインの脆弱性データ（OSV）と照合します。'];
const vulnSteps: Tri = ['读取锁文件与清单（package-lock、yarn、pnpm、requirements、Pipfile.lock、poetry.lock、go.mod、Cargo.lock、composer.lock、Gemfile.lock、pom.xml、JAR），按生态的版本规则匹配公告的受影响范围，合并同一漏洞的多个编号。', 'Read the lockfiles and manifests (package-lock, yarn, pnpm, requirements, Pipfile.lock, poetry.lock, go.mod, Cargo.lock, composer.lock, Gemfile.lock, pom.xml, JARs), match the advisories\' affected ranges with each ecosystem\'s version rules, and merge the ids of one vulnerability.', 'ロックファイルとマニフェスト（package-lock、yarn、pnpm、requirements、Pipfile.lock、poetry.lock、go.mod、Cargo.lock、composer.lock、Gemfile.lock、pom.xml、JAR）を読み取り、エコシステムごとのバージョン規則で勧告の影響範囲を照合し、同じ脆弱性の複数の ID を統合します。'];
const vulnFix: Tri = ['升级到结果中给出的最小修复版本（已用同一漏洞库复核）；无修复版本时替换组件或评估缓解措施。', 'Upgrade to the minimal fixing version given in the result (re-checked against the same data); where no fix exists, replace the component or assess mitigations.', '結果に示す最小の修正バージョン（同じ脆弱性データで再確認済み）に更新してください。修正版がない場合はコンポーネントを置き換えるか緩和策を検討してください。'];

const level = (name: string, risk: Spec['risk'], title: Spec['title'], description: Tri): Spec => ({ name, risk, cwe: ['CWE-1395'], owasp: A06, title, purpose: vulnPurpose, description, testingSteps: vulnSteps, solution: vulnFix, references: [OSV] });

const SPECS: Spec[] = [
  level('critical', 'serious', ['组件存在严重漏洞', 'Components with critical vulnerabilities', '元件存在嚴重漏洞', '重大な脆弱性のあるコンポーネント'], ['组件存在 CVSS 9.0 及以上或来源评为严重的公开漏洞，常可远程利用导致代码执行。', 'Components have public vulnerabilities scored CVSS 9.0 or more or rated critical by the source, often remotely exploitable for code execution.', 'CVSS 9.0 以上またはソースで重大と評価された公開脆弱性があり、多くはリモートからコード実行に悪用され得ます。']),
  level('high', 'high', ['组件存在高危漏洞', 'Components with high-severity vulnerabilities', '元件存在高危漏洞', '深刻度の高い脆弱性のあるコンポーネント'], ['组件存在 CVSS 7.0–8.9 或来源评为高危的公开漏洞。', 'Components have public vulnerabilities scored CVSS 7.0–8.9 or rated high by the source.', 'CVSS 7.0〜8.9 またはソースで高と評価された公開脆弱性があります。']),
  level('medium', 'medium', ['组件存在中危漏洞', 'Components with medium-severity vulnerabilities', '元件存在中危漏洞', '深刻度が中程度の脆弱性のあるコンポーネント'], ['组件存在 CVSS 4.0–6.9、来源评为中危或未评分的公开漏洞。', 'Components have public vulnerabilities scored CVSS 4.0–6.9, rated medium by the source, or not scored.', 'CVSS 4.0〜6.9、ソースで中と評価された、またはスコアのない公開脆弱性があります。']),
  level('low', 'low', ['组件存在低危漏洞', 'Components with low-severity vulnerabilities', '元件存在低危漏洞', '深刻度の低い脆弱性のあるコンポーネント'], ['组件存在 CVSS 4.0 以下或来源评为低危的公开漏洞。', 'Components have public vulnerabilities scored below CVSS 4.0 or rated low by the source.', 'CVSS 4.0 未満またはソースで低と評価された公開脆弱性があります。']),
  {
    name: 'unpinned',
    risk: 'low',
    cwe: ['CWE-1357'],
    owasp: A06,
    title: ['组件版本未锁定', 'Component versions not pinned', '元件版本未鎖定', 'コンポーネントのバージョンが固定されていない'],
    purpose: ['找出清单中没有确定版本的依赖。', 'Finds dependencies the manifests give no exact version for.', 'マニフェストで正確なバージョンが指定されていない依存関係を見つけます。'],
    description: ['版本范围或未解析的属性使安装的版本随时间变化，无法确认其是否含有已知漏洞，构建也不可复现。', 'A version range or an unresolved property lets the installed version change over time: whether it has known vulnerabilities cannot be told, and builds are not reproducible.', 'バージョン範囲や未解決のプロパティにより、インストールされるバージョンが時間とともに変わります。既知の脆弱性の有無を判断できず、ビルドも再現できません。'],
    testingSteps: ['检查 requirements 中非 == 的约束、pom.xml 中无法在项目内解析的版本、指向分支或提交的依赖。', 'Check requirements constraints other than ==, pom.xml versions that cannot be resolved within the project, and dependencies on branches or commits.', 'requirements の == 以外の制約、プロジェクト内で解決できない pom.xml のバージョン、ブランチやコミットを指す依存関係を確認します。'],
    solution: ['提交锁文件（pip-compile、poetry lock、mvn dependency:tree 的结果）或写明确切版本。', 'Commit a lockfile (pip-compile, poetry lock, the output of mvn dependency:tree) or write exact versions.', 'ロックファイル（pip-compile、poetry lock、mvn dependency:tree の結果）をコミットするか、正確なバージョンを記述してください。'],
  },
  {
    name: 'eol',
    risk: 'medium',
    cwe: ['CWE-1104'],
    owasp: A06,
    title: ['组件或运行环境已停止维护', 'Components or runtimes past their end of life', '元件或執行環境已停止維護', 'サポート終了のコンポーネントまたは実行環境'],
    purpose: ['找出已过维护期（end of life）的框架、运行时与发行版版本。', 'Finds framework, runtime and distribution releases past their end of life.', 'サポート終了（EOL）を過ぎたフレームワーク、ランタイム、ディストリビューションのリリースを見つけます。'],
    description: ['停止维护的版本不再获得安全修复：之后公开的漏洞不会有补丁，漏洞库也可能不再记录它们。', 'A release past its end of life gets no security fixes: vulnerabilities found later stay unpatched, and advisories may no longer list it.', 'サポート終了のリリースにはセキュリティ修正が提供されません。今後見つかる脆弱性は修正されず、勧告に記載されないこともあります。'],
    testingSteps: ['按 endoflife.date 记录的各产品发布周期（数据随引擎提供，注明来源与日期，运行时不联网），将组件版本（如 Django、Spring Boot、Go 标准库）、项目声明的运行环境（.nvmrc、.python-version、Dockerfile 基础镜像等）及 dpkg/apk 数据库所属发行版与维护截止日期比对。', 'Match component versions (Django, Spring Boot, the Go standard library …), the runtimes the project names (.nvmrc, .python-version, Dockerfile base images …) and the release of a dpkg/apk database against the release cycles endoflife.date records (the facts ship with the engine, source and date named; nothing is downloaded at run time).', 'endoflife.date が記録する各製品のリリースサイクル（データはエンジンに同梱、出典と日付を明記、実行時にダウンロードしない）と、コンポーネントのバージョン（Django、Spring Boot、Go 標準ライブラリなど）、プロジェクトが指定するランタイム（.nvmrc、.python-version、Dockerfile のベースイメージなど）および dpkg/apk データベースのディストリビューションを照合します。'],
    solution: ['升级到仍在维护的发布周期（结果给出该周期与最新周期的最新版本）。', 'Move to a release cycle that is still maintained (the result names the latest version of its cycle and of the newest cycle).', 'サポート中のリリースサイクルに移行してください（結果にそのサイクルと最新サイクルの最新バージョンを示します）。'],
    references: ['https://endoflife.date/'],
  },
];

const pair = (t: Tri): readonly [string, string] => [t[0], t[1]];
const vulnItems = defineItems('vulnerabilities', SPECS.slice(0, 4).map((s) => ({ ...s, purpose: pair(s.purpose), description: pair(s.description), testingSteps: pair(s.testingSteps), solution: pair(s.solution) })), [onPlatform('sca')]);
const inventoryItems = defineItems('inventory', SPECS.slice(4).map((s) => ({ ...s, purpose: pair(s.purpose), description: pair(s.description), testingSteps: pair(s.testingSteps), solution: pair(s.solution) })), [onPlatform('sca')]);
// Licence policy and VEX-suppressed items: licences/catalogue.ts.
export const SCA_ITEMS: readonly KeyedRuleItem[] = [...vulnItems, ...inventoryItems, ...LICENCE_ITEMS];

const ja: Record<string, { purpose: string; description: string; testingSteps: string; solution: string }> = {};
SPECS.forEach((s, i) => {
  ja[`${i < 4 ? 'vulnerabilities' : 'inventory'}.${s.name}`] = { purpose: s.purpose[2], description: s.description[2], testingSteps: s.testingSteps[2], solution: s.solution[2] };
});

export const SCA_CATALOGUE: Catalogue = defineKeyedCatalogue(SCA_ITEMS, ['sca'], { ja: { ...ja, ...LICENCE_JA } });
