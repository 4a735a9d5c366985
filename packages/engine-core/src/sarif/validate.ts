/**
 * Checks a SARIF log against the required fields, enums and constraints of
 * the SARIF 2.1.0 JSON schema for the objects we emit (written out here so
 * no schema is downloaded at run time). Returns one line per problem.
 */

const LEVELS = ['none', 'note', 'warning', 'error'];
const KINDS = ['notApplicable', 'pass', 'fail', 'review', 'open', 'informational'];
const SUPPRESSION_KINDS = ['inSource', 'external'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function sarifProblems(log: unknown): string[] {
  const p: string[] = [];
  if (!isObj(log)) return ['log: not an object'];
  if (log.version !== '2.1.0') p.push('log.version must be "2.1.0"');
  if (log.$schema !== undefined && !isUri(log.$schema)) p.push('log.$schema must be a URI');
  if (!Array.isArray(log.runs)) return [...p, 'log.runs must be an array'];
  log.runs.forEach((run, r) => checkRun(run, `runs[${r}]`, p));
  return p;
}

function checkRun(run: unknown, at: string, p: string[]): void {
  if (!isObj(run)) return void p.push(`${at}: not an object`);
  const driver = isObj(run.tool) ? run.tool.driver : undefined;
  if (!isObj(driver)) return void p.push(`${at}.tool.driver is required`);
  if (typeof driver.name !== 'string' || driver.name === '') p.push(`${at}.tool.driver.name is required`);
  if (driver.informationUri !== undefined && !isUri(driver.informationUri)) p.push(`${at}.tool.driver.informationUri must be a URI`);
  const rules = driver.rules === undefined ? [] : driver.rules;
  if (!Array.isArray(rules)) return void p.push(`${at}.tool.driver.rules must be an array`);
  const ids = new Set<string>();
  rules.forEach((rule, i) => {
    const ra = `${at}.tool.driver.rules[${i}]`;
    if (!isObj(rule) || typeof rule.id !== 'string') return void p.push(`${ra}.id is required`);
    if (ids.has(rule.id)) p.push(`${ra}.id "${rule.id}" is not unique`);
    ids.add(rule.id);
    for (const k of ['shortDescription', 'fullDescription', 'help']) if (rule[k] !== undefined) checkMessage(rule[k], `${ra}.${k}`, p);
    if (rule.helpUri !== undefined && !isUri(rule.helpUri)) p.push(`${ra}.helpUri must be a URI`);
    const dc = rule.defaultConfiguration;
    if (dc !== undefined && (!isObj(dc) || (dc.level !== undefined && !LEVELS.includes(dc.level as string)))) p.push(`${ra}.defaultConfiguration.level invalid`);
    checkProperties(rule.properties, ra, p);
  });
  if (run.invocations !== undefined) {
    if (!Array.isArray(run.invocations)) p.push(`${at}.invocations must be an array`);
    else
      run.invocations.forEach((inv, i) => {
        const ia = `${at}.invocations[${i}]`;
        if (!isObj(inv) || typeof inv.executionSuccessful !== 'boolean') return void p.push(`${ia}.executionSuccessful is required`);
        for (const k of ['startTimeUtc', 'endTimeUtc']) if (inv[k] !== undefined && Number.isNaN(Date.parse(String(inv[k])))) p.push(`${ia}.${k} must be a date-time`);
        const notes = inv.toolExecutionNotifications ?? [];
        if (!Array.isArray(notes)) return void p.push(`${ia}.toolExecutionNotifications must be an array`);
        notes.forEach((n, j) => {
          if (!isObj(n)) return void p.push(`${ia}.toolExecutionNotifications[${j}]: not an object`);
          checkMessage(n.message, `${ia}.toolExecutionNotifications[${j}].message`, p);
          if (n.level !== undefined && !LEVELS.includes(n.level as string)) p.push(`${ia}.toolExecutionNotifications[${j}].level invalid`);
          checkLocations(n.locations, `${ia}.toolExecutionNotifications[${j}]`, p);
        });
      });
  }
  if (!Array.isArray(run.results)) return void p.push(`${at}.results must be an array`);
  run.results.forEach((res, i) => checkResult(res, `${at}.results[${i}]`, rules as Obj[], p));
}

function checkResult(res: unknown, at: string, rules: Obj[], p: string[]): void {
  if (!isObj(res)) return void p.push(`${at}: not an object`);
  checkMessage(res.message, `${at}.message`, p);
  if (res.ruleId !== undefined && typeof res.ruleId !== 'string') p.push(`${at}.ruleId must be a string`);
  if (res.ruleIndex !== undefined) {
    if (!Number.isInteger(res.ruleIndex) || (res.ruleIndex as number) < -1) p.push(`${at}.ruleIndex must be an integer ≥ -1`);
    else if ((res.ruleIndex as number) >= 0 && rules[res.ruleIndex as number]?.id !== res.ruleId) p.push(`${at}.ruleIndex does not point at rule "${String(res.ruleId)}"`);
  }
  if (res.level !== undefined && !LEVELS.includes(res.level as string)) p.push(`${at}.level invalid`);
  if (res.kind !== undefined && !KINDS.includes(res.kind as string)) p.push(`${at}.kind invalid`);
  // §3.27.10: a result whose kind is not "fail" must have level "none" when a level is given.
  if (res.kind !== undefined && res.kind !== 'fail' && res.level !== undefined && res.level !== 'none') p.push(`${at}: level must be "none" for kind ${String(res.kind)}`);
  checkLocations(res.locations, at, p);
  if (res.codeFlows !== undefined) {
    if (!Array.isArray(res.codeFlows)) p.push(`${at}.codeFlows must be an array`);
    else
      res.codeFlows.forEach((cf, i) => {
        const ca = `${at}.codeFlows[${i}]`;
        if (!isObj(cf) || !Array.isArray(cf.threadFlows) || cf.threadFlows.length === 0) return void p.push(`${ca}.threadFlows must be a non-empty array`);
        cf.threadFlows.forEach((tf, j) => {
          const ta = `${ca}.threadFlows[${j}]`;
          if (!isObj(tf) || !Array.isArray(tf.locations) || tf.locations.length === 0) return void p.push(`${ta}.locations must be a non-empty array`);
          tf.locations.forEach((l, k) => {
            if (!isObj(l)) return void p.push(`${ta}.locations[${k}]: not an object`);
            if (l.nestingLevel !== undefined && (!Number.isInteger(l.nestingLevel) || (l.nestingLevel as number) < 0)) p.push(`${ta}.locations[${k}].nestingLevel must be an integer ≥ 0`);
            if (l.location !== undefined) checkLocations([l.location], `${ta}.locations[${k}]`, p);
          });
        });
      });
  }
  if (res.taxa !== undefined && (!Array.isArray(res.taxa) || res.taxa.some((t) => !isObj(t) || (t.id === undefined && t.index === undefined)))) p.push(`${at}.taxa entries need an id or index`);
  if (res.partialFingerprints !== undefined && (!isObj(res.partialFingerprints) || Object.values(res.partialFingerprints).some((v) => typeof v !== 'string')))
    p.push(`${at}.partialFingerprints must map to strings`);
  if (res.suppressions !== undefined) {
    if (!Array.isArray(res.suppressions)) p.push(`${at}.suppressions must be an array`);
    else res.suppressions.forEach((s, j) => (!isObj(s) || !SUPPRESSION_KINDS.includes(s.kind as string)) && p.push(`${at}.suppressions[${j}].kind is required`));
  }
  checkProperties(res.properties, at, p);
}

function checkLocations(locations: unknown, at: string, p: string[]): void {
  if (locations === undefined) return;
  if (!Array.isArray(locations)) return void p.push(`${at}.locations must be an array`);
  locations.forEach((loc, i) => {
    const la = `${at}.locations[${i}]`;
    if (!isObj(loc)) return void p.push(`${la}: not an object`);
    const phys = loc.physicalLocation;
    if (phys !== undefined) {
      if (!isObj(phys)) return void p.push(`${la}.physicalLocation: not an object`);
      const art = phys.artifactLocation;
      if (!isObj(art) || (art.uri !== undefined && !isUriReference(art.uri))) p.push(`${la}.physicalLocation.artifactLocation.uri must be a URI reference`);
      const region = phys.region;
      if (region !== undefined) {
        if (!isObj(region)) p.push(`${la}.region: not an object`);
        else {
          if (region.startLine === undefined && region.byteOffset === undefined && region.charOffset === undefined) p.push(`${la}.region needs startLine, charOffset or byteOffset`);
          if (region.startLine !== undefined && (!Number.isInteger(region.startLine) || (region.startLine as number) < 1)) p.push(`${la}.region.startLine must be an integer ≥ 1`);
          if (region.byteOffset !== undefined && (!Number.isInteger(region.byteOffset) || (region.byteOffset as number) < 0)) p.push(`${la}.region.byteOffset must be an integer ≥ 0`);
          for (const k of ['startColumn', 'endLine', 'endColumn'])
            if (region[k] !== undefined && (!Number.isInteger(region[k]) || (region[k] as number) < 1)) p.push(`${la}.region.${k} must be an integer ≥ 1`);
          if (typeof region.endLine === 'number' && typeof region.startLine === 'number' && region.endLine < region.startLine) p.push(`${la}.region.endLine must not be before startLine`);
          if (region.snippet !== undefined && (!isObj(region.snippet) || typeof region.snippet.text !== 'string')) p.push(`${la}.region.snippet.text is required`);
        }
      }
    }
    if (loc.logicalLocations !== undefined && !Array.isArray(loc.logicalLocations)) p.push(`${la}.logicalLocations must be an array`);
  });
}

function checkMessage(m: unknown, at: string, p: string[]): void {
  if (!isObj(m) || (typeof m.text !== 'string' && typeof m.id !== 'string')) p.push(`${at} needs text or id`);
  else if (m.markdown !== undefined && typeof m.text !== 'string') p.push(`${at}: markdown requires text`);
}

function checkProperties(props: unknown, at: string, p: string[]): void {
  if (props === undefined) return;
  if (!isObj(props)) return void p.push(`${at}.properties must be an object`);
  if (props.tags !== undefined) {
    if (!Array.isArray(props.tags) || props.tags.some((t) => typeof t !== 'string')) p.push(`${at}.properties.tags must be strings`);
    else if (new Set(props.tags).size !== props.tags.length) p.push(`${at}.properties.tags must be unique`);
  }
}

function isUri(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

/** Relative references are allowed for artifact locations; spaces and raw non-ASCII are not. */
function isUriReference(v: unknown): boolean {
  return typeof v === 'string' && v.length > 0 && !/[\s"<>\\^`{|}\u0080-\uffff]/.test(v);
}
