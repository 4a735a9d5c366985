/**
 * A compact way to write source items: titles in four languages, description
 * and solution in zh-CN and en; purpose and testing steps follow from how the
 * rule is checked (data flow, call/pattern, project configuration).
 */
import type { RiskLevel, RuleItem } from '@citadel/contracts';

export type CheckStyle = 'taint' | 'pattern' | 'config' | 'secret';

export interface SourceItemDef {
  key: string;
  risk: RiskLevel;
  cwe: string[];
  owasp: string[];
  style: CheckStyle;
  /** zh-CN, zh-TW, en, ja */
  title: [string, string, string, string];
  description: [string, string];
  solution: [string, string];
  references?: string[];
}

const STEPS: Record<CheckStyle, [string, string]> = {
  taint: [
    '将源代码解析为语法树，在每个函数内（以及同一文件内的函数调用之间）跟踪来自请求参数、请求头、Cookie 等不可信来源的数据；当数据未经净化到达危险调用（汇点）时报告，并给出数据流路径。',
    'Parse the source into syntax trees and follow data from untrusted sources (request parameters, headers, cookies …) within each function and across calls in the same file; report when it reaches a dangerous call (sink) without sanitization, with the data-flow path.',
  ],
  pattern: [
    '将源代码解析为语法树，检查调用及其参数（已知常量会被传播），找出不安全的用法。',
    'Parse the source into syntax trees and inspect the calls and their arguments (known constants are propagated) for unsafe usage.',
  ],
  config: [
    '读取项目中的 AndroidManifest.xml、network_security_config.xml 和 Info.plist 等配置文件，检查不安全的设置。',
    'Read the project configuration files (AndroidManifest.xml, network_security_config.xml, Info.plist) and check for unsafe settings.',
  ],
  secret: [
    '在源代码和配置文件中查找已知格式的密钥、令牌和私钥，以及以字符串常量赋值的口令变量，并过滤占位符。',
    'Search source and configuration files for keys, tokens and private keys of known formats and for password variables assigned string literals, ignoring placeholders.',
  ],
};

export function sourceItem(d: SourceItemDef): RuleItem {
  const [zh, tw, en, ja] = d.title;
  return {
    id: `source.${d.key}`,
    platform: 'source',
    category: d.key.split('.')[0]!,
    risk: d.risk,
    cwe: d.cwe,
    owasp: d.owasp,
    title: { 'zh-CN': zh, 'zh-TW': tw, en, ja },
    purpose: { 'zh-CN': `检测源代码中的“${zh}”问题。`, en: `Detects "${en}" in the source code.` },
    description: { 'zh-CN': d.description[0], en: d.description[1] },
    testingSteps: { 'zh-CN': STEPS[d.style][0], en: STEPS[d.style][1] },
    solution: { 'zh-CN': d.solution[0], en: d.solution[1] },
    ...(d.references ? { references: d.references } : {}),
  };
}
