/**
 * Hard-coded keys and credentials that need more than one call to see:
 *
 * - a key-shaped constant (32/48/64 hex digits, or Base64 of 16/24/32 bytes)
 *   in a method that calls crypto directly or calls an app method that does
 *   (decided after the walk, when every crypto-using method is known);
 * - a constant compared with what the user typed (String.equals against a
 *   literal in a method that reads an EditText/TextView).
 */
import type { Evidence } from '@citadel/contracts';
import { type MethodSite, methodEvidence } from './site.ts';
import type { CodeVisitor, Reporter } from './visitor.ts';

const CRYPTO_CALLS = new Set(['Ljavax/crypto/spec/SecretKeySpec;-><init>', 'Ljavax/crypto/Cipher;->init', 'Ljavax/crypto/Mac;->init', 'Ljavax/crypto/spec/DESKeySpec;-><init>', 'Ljavax/crypto/spec/DESedeKeySpec;-><init>']);
const INPUT_READS = new Set(['Landroid/widget/EditText;->getText', 'Landroid/widget/TextView;->getText', 'Landroid/text/Editable;->toString']);
const EQUALS = new Set(['Ljava/lang/String;->equals', 'Ljava/lang/String;->equalsIgnoreCase', 'Ljava/lang/String;->contentEquals']);
const HEX_KEY = /^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{48}|[0-9a-fA-F]{64})$/;
const B64_KEY = /^(?:[A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{32}|[A-Za-z0-9+/]{43}=)$/;
const MAX_CANDIDATES = 10_000;

interface Candidate {
  site: Evidence;
  attribution: MethodSite['attribution'];
  keys: string[];
  calls: string[];
}

export function looksLikeKey(s: string): 'hex' | 'base64' | undefined {
  if (HEX_KEY.test(s) && /[0-9]/.test(s) && /[a-fA-F]/.test(s)) return 'hex';
  if (B64_KEY.test(s) && /[0-9]/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s)) return 'base64';
  return undefined;
}

/** Whether the method calls one of these ("Lcls;->name"). */
function callsAny(m: MethodSite, methods: ReadonlySet<string>): boolean {
  for (const inv of m.facts.invokes) if (m.view.methodIn(methods, inv.methodIndex)) return true;
  return false;
}

export class KeyVisitor implements CodeVisitor {
  readonly keys: string[];
  private readonly cryptoMethods = new Set<string>();
  private readonly candidates: Candidate[] = [];

  constructor(
    private readonly reporter: Reporter,
    wants: (key: string) => boolean,
  ) {
    this.keys = ['crypto.hardcoded_key', 'secrets.hardcoded_credentials'].filter(wants);
  }

  method(m: MethodSite): void {
    // Called for every method: no per-method arrays or closures unless something is found.
    if (callsAny(m, CRYPTO_CALLS)) this.cryptoMethods.add(m.view.methodKey(m.methodIndex));
    if (this.keys.includes('crypto.hardcoded_key') && m.facts.strings.length > 0 && this.candidates.length < MAX_CANDIDATES) {
      const shaped = m.facts.strings.map((s) => m.view.string(s.stringIndex) ?? '').filter((s) => looksLikeKey(s));
      const hex = shaped.filter((s) => looksLikeKey(s) === 'hex');
      const keys = hex.length > 0 ? hex : shaped;
      if (keys.length > 0) this.candidates.push({ site: methodEvidence(m), attribution: m.attribution, keys: [...new Set(keys)], calls: m.facts.invokes.map((i) => m.view.methodKey(i.methodIndex)) });
    }
    if (this.keys.includes('secrets.hardcoded_credentials') && callsAny(m, INPUT_READS)) {
      for (const inv of m.facts.invokes) {
        if (!m.view.methodIn(EQUALS, inv.methodIndex)) continue;
        const lit = inv.args.find((a) => a?.kind === 'string');
        const value = lit?.kind === 'string' ? m.view.string(lit.stringIndex) : undefined;
        if (value === undefined || value.trim().length < 4) continue;
        const ev = methodEvidence(m, 'String.equals(<user input>, literal)', `user input compared with the constant "${value.slice(0, 80)}"`);
        this.reporter.report('secrets.hardcoded_credentials', 'fail', m, { ...ev, fact: { id: 'secret.compared_constant', values: { method: `${m.method.name}(${m.method.parameters.join('')})${m.method.returnType}`, value: value.slice(0, 80) } } });
      }
    }
  }

  finish(): void {
    for (const c of this.candidates) {
      const direct = c.calls.some((x) => CRYPTO_CALLS.has(x));
      const via = c.calls.find((x) => this.cryptoMethods.has(x));
      if (!direct && !via) continue;
      const how = direct ? 'used by crypto calls in the same method' : `passed to ${via}, which builds a key or initialises a cipher`;
      this.reporter.ctx.fail('crypto.hardcoded_key', c.keys.map((k) => ({ ...c.site, snippet: k, detail: `${c.site.detail}: key-shaped constant ${how}` })), { attribution: c.attribution });
    }
  }
}
