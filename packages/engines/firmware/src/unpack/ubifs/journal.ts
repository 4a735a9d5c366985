/**
 * The UBIFS journal (fs/ubifs/replay.c, ubifs-media.h): the master node names
 * the log's first LEB (log_lnum); the log holds a commit-start node for the
 * current commit, then reference nodes (LEB, offset, journal head) to bud
 * LEBs, where inode, data, directory-entry and truncation nodes written since
 * that commit follow one another. Those nodes are newer than the index and are
 * replayed over it in sequence-number order. A bud ends at the first bytes that
 * are not a valid node (a torn write is dropped, as the kernel's recovery does).
 */
import { type Node, T, type UbifsSuper, nodeAt } from './read.ts';

const LOG_LNUM = 3;
/** Bud nodes replayed at most (a hostile log could list the same LEBs over and over). */
const MAX_NODES = 200_000;

export function journalNodes(vol: Uint8Array, sb: UbifsSuper, masterAt: number, errors: string[]): { nodes: Node[]; buds: number } {
  const dv = new DataView(vol.buffer, vol.byteOffset, vol.length);
  const pos = (lnum: number, offs: number): number => lnum * sb.lebSize + offs;
  const logLnum = dv.getUint32(masterAt + 44, true);
  const cmtNo = dv.getBigUint64(masterAt + 32, true);
  const logLebs = sb.logLebs;
  if (logLebs < 2 || logLnum < LOG_LNUM || logLnum >= LOG_LNUM + logLebs || LOG_LNUM + logLebs > sb.lebCount) return { nodes: [], buds: 0 };
  const cs = nodeAt(vol, pos(logLnum, 0));
  if (!cs || cs.type !== T.CS || dv.getBigUint64(cs.at + 24, true) !== cmtNo) {
    errors.push(`journal not replayed: no commit-start node for commit ${cmtNo} at the log's LEB ${logLnum}`);
    return { nodes: [], buds: 0 };
  }
  // Reference nodes from the commit start on, through the log LEBs in circular order, while they are newer than it.
  const refs: { lnum: number; offs: number }[] = [];
  for (let i = 0; i < logLebs; i++) {
    const lnum = LOG_LNUM + ((logLnum - LOG_LNUM + i) % logLebs);
    let o = i === 0 ? (cs.len + 7) & ~7 : 0;
    let any = false;
    while (o + 24 <= sb.lebSize) {
      const n = nodeAt(vol, pos(lnum, o));
      if (!n || n.sqnum <= cs.sqnum) break;
      any = true;
      if (n.type === T.REF && n.len >= 36) {
        const lnumRef = dv.getUint32(n.at + 24, true);
        const offs = dv.getUint32(n.at + 28, true);
        if (lnumRef < LOG_LNUM + logLebs || lnumRef >= sb.lebCount || offs >= sb.lebSize) errors.push(`journal reference to LEB ${lnumRef}:${offs} outside the main area; skipped`);
        else refs.push({ lnum: lnumRef, offs });
      }
      o += (n.len + 7) & ~7;
    }
    if (!any && i > 0) break;
  }
  const nodes: Node[] = [];
  const seen = new Set<number>();
  for (const r of refs) {
    for (let at = pos(r.lnum, r.offs); at + 24 <= pos(r.lnum + 1, 0); ) {
      const n = nodeAt(vol, at);
      if (!n || n.at + n.len > pos(r.lnum + 1, 0)) break;
      if (n.sqnum > cs.sqnum && !seen.has(at) && (n.type === T.INO || n.type === T.DATA || n.type === T.DENT || n.type === T.TRUN)) {
        seen.add(at);
        nodes.push(n);
        if (nodes.length >= MAX_NODES) {
          errors.push(`journal: more than ${MAX_NODES} nodes; the rest not replayed`);
          return { nodes: nodes.sort((a, b) => (a.sqnum < b.sqnum ? -1 : 1)), buds: refs.length };
        }
      }
      at += (n.len + 7) & ~7;
    }
  }
  return { nodes: nodes.sort((a, b) => (a.sqnum < b.sqnum ? -1 : 1)), buds: refs.length };
}
