/**
 * Proof that renaming kept the library linkable and its API intact, read from
 * the output classes only: (1) every class parses; (2) each public class of
 * the input exists under the same name with the same public/protected members
 * (name and descriptor, descriptors mapped through the class renames); (3)
 * every field/method reference to a class of the JAR resolves to a member
 * declared in it or in its superclasses/interfaces inside the JAR (a chain
 * that leaves the JAR counts as resolved — the platform is not here); (4) no
 * renamed class or member name is left as a constant-pool string.
 */
import { type ClassModel, className, readClassModel, utf8 } from './class-model.ts';
import { mapDescriptor } from './rename.ts';

export interface RenameCheck { ok: boolean; detail: string; problems: string[] }

export function verifyRename(before: Map<string, Buffer>, after: Map<string, Buffer>, classMap: Map<string, string>, oldMemberNames: Set<string>): RenameCheck {
  const problems: string[] = [];
  const parse = (set: Map<string, Buffer>, label: string): Map<string, ClassModel> => {
    const out = new Map<string, ClassModel>();
    for (const [entry, b] of set) {
      try {
        const m = readClassModel(b);
        out.set(className(m, m.thisClass), m);
      } catch (e) {
        problems.push(`${label} ${entry}: ${(e as Error).message}`);
      }
    }
    return out;
  };
  const a = parse(before, 'input');
  const b = parse(after, 'output');
  const api = (m: ClassModel, map: boolean): string[] =>
    m.members.filter((x) => (x.access & 0x5) !== 0).map((x) => `${x.field ? 'f' : 'm'} ${utf8(m, x.nameIdx)} ${map ? mapDescriptor(utf8(m, x.descIdx), classMap) : utf8(m, x.descIdx)}`).sort();
  let publicClasses = 0;
  for (const [name, m] of a) {
    if ((m.access & 1) === 0) continue;
    publicClasses++;
    const o = b.get(name);
    if (!o) problems.push(`public class ${name} missing`);
    else if (api(m, true).join('\n') !== api(o, false).join('\n')) problems.push(`public API of ${name} changed`);
  }
  const declares = (owner: string, field: boolean, name: string, desc: string, seen = new Set<string>()): boolean => {
    const m = b.get(owner);
    if (!m) return true; // outside the JAR (platform or another library): not decidable here
    if (seen.has(owner)) return false;
    seen.add(owner);
    if (m.members.some((x) => x.field === field && utf8(m, x.nameIdx) === name && utf8(m, x.descIdx) === desc)) return true;
    const supers = [m.superClass, ...m.interfaces].filter((i) => i !== 0).map((i) => className(m, i));
    return supers.some((s) => declares(s, field, name, desc, seen));
  };
  let refs = 0;
  for (const [name, m] of b) {
    for (const e of m.cp) {
      if (e.tag !== 9 && e.tag !== 10 && e.tag !== 11) continue;
      const owner = className(m, e.a);
      const nt = m.cp[e.b];
      if (!nt || nt.tag !== 12 || owner.startsWith('[')) continue;
      refs++;
      const mn = utf8(m, nt.a);
      if (mn === '<init>' && !b.has(owner)) continue;
      if (!declares(owner, e.tag === 9, mn, utf8(m, nt.b))) problems.push(`${name}: ${owner}.${mn}${utf8(m, nt.b)} does not resolve`);
    }
    for (const e of m.cp) if (e.tag === 7 && classMap.has(utf8(m, e.ref))) problems.push(`${name} still refers to ${utf8(m, e.ref)}`);
  }
  const names = new Set([...classMap.keys(), ...oldMemberNames].filter((n) => n.length >= 3));
  for (const [name, m] of b) for (const e of m.cp) if (e.tag === 1 && names.has(e.text)) problems.push(`${name} still holds the name ${e.text}`);
  return {
    ok: problems.length === 0,
    problems,
    detail: problems.length ? problems.slice(0, 10).join('; ') : `${b.size} classes parse; ${publicClasses} public classes keep their API; ${refs} member references resolve; ${classMap.size} classes and ${oldMemberNames.size} member names no longer in the file`,
  };
}
