/**
 * TLS validation switched off in code: X509TrustManager implementations whose
 * checkServerTrusted does nothing (a lone return-void: no check, no throw),
 * and HostnameVerifier implementations whose verify() returns constant true.
 */
import type { CodeVisitor, Reporter } from './visitor.ts';
import { type MethodSite, methodEvidence } from './site.ts';

const TRUST_MANAGERS = new Set(['Ljavax/net/ssl/X509TrustManager;', 'Ljavax/net/ssl/X509ExtendedTrustManager;', 'Ljavax/net/ssl/TrustManager;']);
const HOSTNAME_VERIFIER = 'Ljavax/net/ssl/HostnameVerifier;';
// return-void is 1 instruction; const/4 v0, 1 + return v0 are 2.
const CONST_INSTRUCTIONS = 2;

export class TlsVisitor implements CodeVisitor {
  readonly keys: string[];

  constructor(
    private readonly reporter: Reporter,
    wants: (key: string) => boolean,
  ) {
    this.keys = ['network.trust_all_certificates', 'network.allow_all_hostname_verifier'].filter(wants);
  }

  method(m: MethodSite): void {
    // Both patterns are tiny methods that call nothing: test that first, so the name (a string decode) is read for few methods.
    if (m.facts.instructions > CONST_INSTRUCTIONS || m.facts.invokes.length > 0) return;
    const def = m.classDef;
    const name = m.methodName;
    if (name === 'checkServerTrusted' && isTrustManager(def.interfaces, def.superclass) && m.facts.instructions <= 1) {
      this.reporter.report('network.trust_all_certificates', 'fail', m, methodEvidence(m, 'checkServerTrusted returns without validating the chain'));
    }
    if (
      name === 'verify' &&
      m.method.returnType === 'Z' &&
      m.method.parameters.length === 2 &&
      def.interfaces.includes(HOSTNAME_VERIFIER) &&
      m.facts.instructions <= CONST_INSTRUCTIONS &&
      m.facts.invokes.length === 0 &&
      m.facts.literals.length === 1 &&
      m.facts.literals[0] === 1
    ) {
      this.reporter.report('network.allow_all_hostname_verifier', 'fail', m, methodEvidence(m, 'HostnameVerifier.verify always returns true'));
    }
  }
}

function isTrustManager(interfaces: readonly string[], superclass: string | undefined): boolean {
  return interfaces.some((i) => TRUST_MANAGERS.has(i)) || (superclass !== undefined && TRUST_MANAGERS.has(superclass));
}
