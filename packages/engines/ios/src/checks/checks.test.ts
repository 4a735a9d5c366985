import { describe, expect, it } from 'vitest';
import { type IpaSpec, SAFE_IMPORTS, assessIpa, result, row } from '../testing/build-ipa.ts';

const ENTITLEMENTS = (getTaskAllow: boolean) => `<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>get-task-allow</key><${getTaskAllow}/></dict></plist>`;
/** A hardened app: every check passes or finds its protection. */
const GOOD: IpaSpec = {
  main: {
    imports: [...SAFE_IMPORTS, '_ptrace', '_fork', '_dyld_get_image_name'],
    strings: ['/Applications/Cydia.app', 'FridaGadget'],
    encryption: { cryptid: 1 },
    restrict: true,
    entitlements: ENTITLEMENTS(false),
  },
  profile: {},
};

interface Case {
  rule: string;
  bad: IpaSpec;
  /** Result of the bad input (default fail). */
  expected?: 'fail' | 'find_problem';
  /** Evidence text expected on the bad row. */
  evidence?: RegExp;
  /** The good input (default GOOD) and its result (default pass). */
  good?: IpaSpec;
  goodResult?: 'pass' | 'safe';
}

const ats = (cfg: Record<string, unknown>) => ({ info: { NSAppTransportSecurity: cfg as never } });
const domain = (cfg: Record<string, unknown>) => ats({ NSExceptionDomains: { 'legacy.example.com': { NSIncludesSubdomains: true, ...cfg } } });
const withMain = (main: IpaSpec['main']): IpaSpec => ({ ...GOOD, main: { ...GOOD.main, ...main } });

const CASES: Case[] = [
  { rule: 'network.ats_arbitrary_loads', bad: ats({ NSAllowsArbitraryLoads: true }), evidence: /NSAllowsArbitraryLoads = true/, good: ats({ NSAllowsArbitraryLoads: false }) },
  { rule: 'network.ats_arbitrary_loads_media', bad: ats({ NSAllowsArbitraryLoadsForMedia: true }) },
  { rule: 'network.ats_arbitrary_loads_web', bad: ats({ NSAllowsArbitraryLoadsInWebContent: 'YES' }) },
  { rule: 'network.ats_local_networking', bad: ats({ NSAllowsLocalNetworking: true }) },
  { rule: 'network.ats_insecure_exception_domains', bad: domain({ NSExceptionAllowsInsecureHTTPLoads: true }), evidence: /legacy\.example\.com \(and subdomains\)/, good: domain({ NSExceptionAllowsInsecureHTTPLoads: false }) },
  { rule: 'network.ats_weak_tls_version', bad: domain({ NSExceptionMinimumTLSVersion: 'TLSv1.0' }), evidence: /TLSv1\.0/, good: domain({ NSExceptionMinimumTLSVersion: 'TLSv1.2' }) },
  { rule: 'network.ats_forward_secrecy_disabled', bad: domain({ NSExceptionRequiresForwardSecrecy: false }), good: domain({ NSExceptionRequiresForwardSecrecy: true }) },
  { rule: 'binary.pie', bad: withMain({ flags: 0x85 }), evidence: /arm64: MH_PIE not set/ },
  { rule: 'binary.stack_canary', bad: withMain({ imports: ['_objc_release'] }), evidence: /___stack_chk_fail/ },
  { rule: 'binary.arc', bad: withMain({ imports: ['___stack_chk_fail', '_objc_msgSend'] }), evidence: /no ARC/ },
  { rule: 'binary.encryption', bad: withMain({ encryption: { cryptid: 0 } }), evidence: /cryptid 0/ },
  { rule: 'binary.code_signature', bad: withMain({ entitlements: false }), evidence: /no LC_CODE_SIGNATURE/ },
  { rule: 'binary.symbols_not_stripped', bad: withMain({ localSymbols: 3 }), evidence: /3 local/ },
  { rule: 'binary.rpath', bad: withMain({ rpaths: ['/usr/local/lib'] }), evidence: /\/usr\/local\/lib/, good: withMain({ rpaths: ['@executable_path/Frameworks'] }) },
  { rule: 'binary.stack_execution', bad: withMain({ flags: 0x200085 | 0x20000 }) },
  { rule: 'binary.restrict_segment', bad: withMain({ restrict: false }), goodResult: 'safe' },
  { rule: 'code.unsafe_memory_functions', bad: withMain({ imports: [...SAFE_IMPORTS, '_strcpy'] }), evidence: /_strcpy/ },
  { rule: 'code.unsafe_memory_functions', bad: withMain({ imports: [...SAFE_IMPORTS, '_memcpy'] }), expected: 'find_problem', evidence: /_memcpy/ },
  { rule: 'code.weak_hash', bad: withMain({ imports: [...SAFE_IMPORTS, '_CC_MD5'] }), evidence: /MD5/ },
  { rule: 'code.cipher_usage_review', bad: withMain({ imports: [...SAFE_IMPORTS, '_CCCrypt'] }), expected: 'find_problem' },
  { rule: 'code.weak_random', bad: withMain({ imports: [...SAFE_IMPORTS, '_srand', '_rand'] }) },
  { rule: 'code.nslog', bad: withMain({ imports: [...SAFE_IMPORTS, '_NSLog'] }) },
  { rule: 'code.uiwebview', bad: withMain({ imports: [...SAFE_IMPORTS, '_OBJC_CLASS_$_UIWebView'] }) },
  { rule: 'storage.keychain_accessibility', bad: withMain({ imports: [...SAFE_IMPORTS, '_kSecAttrAccessibleAlways'] }), evidence: /locked/ },
  { rule: 'storage.keychain_accessibility', bad: withMain({ imports: [...SAFE_IMPORTS, '_kSecAttrAccessibleAfterFirstUnlock'] }), expected: 'find_problem' },
  { rule: 'plist.url_schemes', bad: { ...GOOD, info: { CFBundleURLTypes: [{ CFBundleURLName: 'login', CFBundleURLSchemes: ['exampleapp'] }] } }, expected: 'find_problem', evidence: /exampleapp:\/\// },
  { rule: 'plist.usage_descriptions', bad: { ...GOOD, info: { NSCameraUsageDescription: 'Scan QR codes' } }, expected: 'find_problem', evidence: /NSCameraUsageDescription/ },
  { rule: 'plist.min_os_version', bad: { ...GOOD, info: { MinimumOSVersion: '9.3' } }, evidence: /9\.3 is below 12\.0/, good: { ...GOOD, info: { MinimumOSVersion: '12.0' } } },
  { rule: 'plist.file_sharing', bad: { ...GOOD, info: { UIFileSharingEnabled: true } } },
  { rule: 'provisioning.get_task_allow', bad: withMain({ entitlements: ENTITLEMENTS(true) }), evidence: /code signature/ },
  { rule: 'provisioning.get_task_allow', bad: { ...withMain({ entitlements: false }), profile: { devices: 2, getTaskAllow: true } }, evidence: /provisioning profile/ },
  { rule: 'provisioning.development_profile', bad: { ...GOOD, profile: { devices: 3, getTaskAllow: true } }, evidence: /development, 3 provisioned devices/ },
  { rule: 'provisioning.development_profile', bad: { ...GOOD, profile: { allDevices: true } }, evidence: /enterprise/ },
  { rule: 'provisioning.development_profile', bad: { ...GOOD, profile: { devices: 1 } }, expected: 'find_problem', evidence: /ad-hoc/ },
  { rule: 'provisioning.profile_expired', bad: { ...GOOD, profile: { expiration: new Date('2020-01-01T00:00:00Z') } }, evidence: /2020-01-01/ },
  { rule: 'secrets.api_keys', bad: withMain({ strings: [...(GOOD.main!.strings ?? []), 'AKIAIOSFODNN7REALKEY'] }), evidence: /aws/i },
  { rule: 'secrets.api_keys', bad: { ...GOOD, files: [{ path: 'config.json', data: '{\n "aws": "AKIAIOSFODNN7REALKEY"\n}' }] }, evidence: /aws/i },
  { rule: 'secrets.plist_secrets', bad: { ...GOOD, files: [{ path: 'Settings.plist', data: '<?xml version="1.0"?><plist version="1.0"><dict><key>AppSecret</key><string>f3a9c1e77b2d4e58</string></dict></plist>' }] }, evidence: /AppSecret/ },
  { rule: 'secrets.plist_secrets', bad: { ...GOOD, info: { ClientSecret: 'x9Yz81kQmN3p' } }, evidence: /ClientSecret/ },
  { rule: 'secrets.http_urls', bad: withMain({ strings: [...(GOOD.main!.strings ?? []), 'http://api.example.com/v1/login'] }), evidence: /http:\/\/api\.example\.com/ },
  { rule: 'secrets.endpoints', bad: withMain({ strings: [...(GOOD.main!.strings ?? []), 'https://api.example.com/v1', '10.1.2.3'] }), expected: 'find_problem', evidence: /api\.example\.com|10\.1\.2\.3/ },
  { rule: 'resilience.jailbreak_detection', bad: withMain({ strings: [], imports: [...SAFE_IMPORTS, '_ptrace'], encryption: { cryptid: 0 } }), goodResult: 'safe' },
  { rule: 'resilience.debugger_detection', bad: withMain({ imports: SAFE_IMPORTS, strings: ['/Applications/Cydia.app', 'FridaGadget'], encryption: { cryptid: 0 } }), goodResult: 'safe' },
  { rule: 'resilience.hook_detection', bad: withMain({ imports: [...SAFE_IMPORTS, '_ptrace'], strings: ['/Applications/Cydia.app'], encryption: { cryptid: 0 } }), goodResult: 'safe' },
];

describe('iOS checks: a failing and a passing input per item', () => {
  it.each(CASES.map((c, i) => [`${c.rule} #${i}`, c] as const))('%s', async (_, c) => {
    const bad = await assessIpa(c.bad);
    const id = `ios.${c.rule}`;
    expect(result(bad, id), JSON.stringify(row(bad, id))).toBe(c.expected ?? 'fail');
    if (c.evidence) expect(JSON.stringify(row(bad, id).evidence)).toMatch(c.evidence);
    const good = await assessIpa(c.good ?? GOOD);
    expect(result(good, id), JSON.stringify(row(good, id))).toBe(c.goodResult ?? 'pass');
  });

  it('the hardened app fails nothing and records its protections as safe', async () => {
    const a = await assessIpa(GOOD);
    expect(a.findings.filter((f) => f.result === 'fail').map((f) => f.ruleId)).toEqual([]);
    expect(a.findings.filter((f) => f.result === 'safe').map((f) => f.ruleId).sort()).toEqual([
      'ios.binary.restrict_segment', 'ios.resilience.debugger_detection', 'ios.resilience.hook_detection', 'ios.resilience.jailbreak_detection',
    ]);
  });

  it('finds an inline ptrace system call (mov x16, #26; svc #0x80) and a ptrace looked up by name', async () => {
    const code = Buffer.from([0xe0, 0x03, 0x80, 0xd2, 0x50, 0x03, 0x80, 0xd2, 0x01, 0x10, 0x00, 0xd4, 0xc0, 0x03, 0x5f, 0xd6]);
    const inline = await assessIpa(withMain({ imports: SAFE_IMPORTS, strings: [], text: code }));
    expect(result(inline, 'ios.resilience.debugger_detection')).toBe('safe');
    expect(row(inline, 'ios.resilience.debugger_detection').evidence[0]).toMatchObject({ snippet: 'mov x16, #26; svc #0x80', detail: 'arm64: inline ptrace system call' });
    const byName = await assessIpa(withMain({ imports: [...SAFE_IMPORTS, '_dlsym'], strings: ['ptrace'] }));
    expect(row(byName, 'ios.resilience.debugger_detection').evidence[0]?.detail).toMatch(/by name/);
    const sysctlOnly = await assessIpa(withMain({ imports: [...SAFE_IMPORTS, '_sysctl'], strings: [], encryption: { cryptid: 0 } }));
    expect(result(sysctlOnly, 'ios.resilience.debugger_detection')).toBe('fail');
  });

  it('protections missing from an encrypted main executable are not concluded', async () => {
    const a = await assessIpa(withMain({ imports: SAFE_IMPORTS, strings: [], encryption: { cryptid: 1 } }));
    expect(result(a, 'ios.resilience.jailbreak_detection')).toBe('not_executed');
  });

  it('checks every architecture of a fat binary and names it in the evidence', async () => {
    const a = await assessIpa(withMain({ armv7: true, flags: 0x85 }));
    expect(row(a, 'ios.binary.pie').evidence.map((e) => e.detail)).toEqual(['armv7: MH_PIE not set', 'arm64: MH_PIE not set']);
    expect(a.target.architectures).toEqual(['armv7', 'arm64']);
  });

  it('attributes an embedded framework and its findings to the SDK; class prefixes in the app name statically linked SDKs', async () => {
    const a = await assessIpa({
      ...GOOD,
      main: { ...GOOD.main, classNames: ['AppDelegate', 'AFHTTPSessionManager'] },
      frameworks: [{ name: 'Alamofire', binary: { imports: [...SAFE_IMPORTS, '_NSLog'] } }, { name: 'InHouseKit', binary: { imports: SAFE_IMPORTS } }],
    });
    expect(a.sdks.map((s) => s.name).sort()).toEqual(['AFNetworking', 'Alamofire', 'InHouseKit']);
    expect(row(a, 'ios.code.nslog')).toMatchObject({ result: 'fail', attribution: { kind: 'sdk', name: 'Alamofire' } });
    expect(row(a, 'ios.code.nslog').evidence[0]?.file).toBe('Payload/Example.app/Frameworks/Alamofire.framework/Alamofire');
    expect(a.target.embeddedFrameworks).toEqual(['Alamofire.framework', 'InHouseKit.framework']);
    expect(result(a, 'ios.sdk.third_party')).toBe('find_problem');
  });
});
