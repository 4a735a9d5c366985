/**
 * The network security config (res/xml, named by android:networkSecurityConfig):
 * cleartext, user CAs, overridePins, debug-overrides, and pin-sets as a
 * positive protection.
 */
import { FormatError } from '@citadel/engine-core';
import { type XmlElement, androidAttribute, childElements, findElements, parseAxml, parseProtoXml, plainAttribute, valueAsBoolean, valueAsReference, valueAsString } from '../formats/index.ts';
import { tryRead } from '../apk/open-package.ts';
import type { CheckContext } from './context.ts';
import { xmlEvidence } from './xml-evidence.ts';

export const NETWORK_CONFIG_KEYS = ['network.config_cleartext_permitted', 'network.config_user_certificates', 'network.config_override_pins', 'network.config_debug_overrides', 'network.certificate_pinning'] as const;

const isTrue = (el: XmlElement, name: string): boolean => valueAsBoolean(plainAttribute(el, name)?.value) === true;

/** The config file path, resolved through resources.arsc (or the AAB's res/xml by name). */
function configPath(ctx: CheckContext): string | undefined {
  const app = ctx.model.manifest?.info.application;
  const v = app ? androidAttribute(app, 'networkSecurityConfig')?.value : undefined;
  if (!v) return undefined;
  const id = valueAsReference(v);
  if (id !== undefined && ctx.model.resources) {
    const path = ctx.model.resources.resolveFilePath(id);
    if (path) return path;
  }
  const s = valueAsString(v);
  if (s && /^res\/.+\.xml$/.test(s)) return s;
  // AAB: no resources.arsc; the usual name is the best guess.
  return ctx.model.entryNames.find((n) => n === `${ctx.model.modulePrefix}res/xml/network_security_config.xml`);
}

export async function networkConfigChecks(ctx: CheckContext): Promise<void> {
  if (!ctx.wants(...NETWORK_CONFIG_KEYS)) return;
  const path = ctx.model.manifest ? configPath(ctx) : undefined;
  let root: XmlElement | undefined;
  if (path) {
    const bytes = await tryRead(ctx.model, path);
    if (!bytes) {
      ctx.notExecuted(NETWORK_CONFIG_KEYS.filter((k) => k !== 'network.certificate_pinning'), `${path} could not be read`);
      return;
    }
    try {
      root = (ctx.model.protoXml ? parseProtoXml(bytes) : parseAxml(bytes)).root;
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      ctx.model.unreadable.push({ file: path, reason: e.message });
      ctx.notExecuted(NETWORK_CONFIG_KEYS.filter((k) => k !== 'network.certificate_pinning'), `${path}: ${e.message}`);
      return;
    }
  }
  await ctx.run(NETWORK_CONFIG_KEYS.filter((k) => k !== 'network.certificate_pinning'), () => {
    if (!root || !path) return;
    const ev = (el: XmlElement, detail: string) => xmlEvidence(path, el, detail, el.children.length < 20);
    const release = [...childElements(root, 'base-config'), ...findElements(root, 'domain-config')];
    for (const cfg of release) {
      const domains = childElements(cfg, 'domain').map((d) => d.text?.trim()).filter(Boolean).join(', ');
      const scope = cfg.name === 'base-config' ? 'base-config' : `domain-config (${domains || 'no domain'})`;
      if (isTrue(cfg, 'cleartextTrafficPermitted')) ctx.fail('network.config_cleartext_permitted', ev(cfg, `${scope}: cleartextTrafficPermitted="true"`));
      for (const anchors of childElements(cfg, 'trust-anchors')) {
        for (const cert of childElements(anchors, 'certificates')) {
          const src = valueAsString(plainAttribute(cert, 'src')?.value);
          if (src === 'user') ctx.fail('network.config_user_certificates', ev(cert, `${scope} trusts user-installed CAs`));
          if (isTrue(cert, 'overridePins')) ctx.fail('network.config_override_pins', ev(cert, `${scope}: certificates src="${src ?? '?'}" overridePins="true"`));
        }
      }
    }
    for (const dbg of childElements(root, 'debug-overrides')) {
      const debuggable = ctx.model.manifest?.info.application && valueAsBoolean(androidAttribute(ctx.model.manifest.info.application, 'debuggable')?.value) === true;
      ctx.fail('network.config_debug_overrides', ev(dbg, debuggable ? 'debug-overrides present and the app is debuggable: they are in effect' : 'debug-overrides present (in effect only in debuggable builds)'));
    }
  });
  // Pinning is concluded after the code scan too (CertificatePinner); here only the config's pin-sets.
  if (root && path && ctx.wants('network.certificate_pinning')) {
    for (const pins of findElements(root, 'pin-set')) ctx.safe('network.certificate_pinning', xmlEvidence(path, pins, 'pin-set in the network security config', true));
  }
}
