/**
 * Text of generated reports as a reader sees it: pdftotext (poppler-utils) for
 * PDF, LibreOffice headless conversion for docx (to text) and xlsx (every sheet
 * to CSV). A conversion LibreOffice cannot open fails here — a broken file is a
 * failed test, not a silent pass. Many files convert in one soffice start.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

export const HAS_PDFTOTEXT = has('pdftotext');
export const HAS_SOFFICE = has('soffice');

export function pdfText(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
}

/**
 * One LibreOffice profile per test process, made by the first conversion and reused:
 * creating a profile costs soffice a few CPU seconds on every start. Conversions in a
 * process run one at a time (execFileSync), so they never share it concurrently.
 */
let profileDir: string | undefined;
function officeProfile(): string {
  if (!profileDir) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-soffice-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    profileDir = dir;
  }
  return profileDir;
}

/** Converts docx/xlsx files (name → bytes) with one LibreOffice run; returns name → extracted text. */
export function officeTexts(files: Map<string, Uint8Array>): Map<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-report-'));
  try {
    const inDir = path.join(dir, 'in');
    const outDir = path.join(dir, 'out');
    execFileSync('mkdir', ['-p', inDir, outDir]);
    for (const [name, bytes] of files) writeFileSync(path.join(inDir, name), bytes);
    const profile = `-env:UserInstallation=file://${officeProfile()}`;
    const run = (ext: string, filter: string) => {
      const names = [...files.keys()].filter((n) => n.endsWith(ext)).map((n) => path.join(inDir, n));
      if (names.length) execFileSync('soffice', [profile, '--headless', '--norestore', '--convert-to', filter, '--outdir', outDir, ...names], { stdio: 'pipe', timeout: 300_000 });
    };
    run('.docx', 'txt:Text (encoded):UTF8');
    run('.xlsx', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1');
    const outputs = readdirSync(outDir);
    const texts = new Map<string, string>();
    for (const name of files.keys()) {
      const stem = name.replace(/\.(docx|xlsx)$/, '');
      // docx → stem.txt; xlsx → stem-<sheet>.csv per sheet.
      const mine = outputs.filter((o) => o === `${stem}.txt` || (o.startsWith(`${stem}-`) && o.endsWith('.csv'))).sort();
      if (mine.length) texts.set(name, mine.map((o) => readFileSync(path.join(outDir, o), 'utf8')).join('\n'));
    }
    return texts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : XML_ENTITIES[e.toLowerCase()]!));

/**
 * The text of a docx (every paragraph on its own line, table cells included)
 * or an xlsx (every cell on its own line) read straight from its XML: fast,
 * for checks on many files; officeTexts (LibreOffice) proves a file opens.
 */
export async function ooxmlText(bytes: Uint8Array): Promise<string> {
  const { withZip } = await import('@citadel/engine-core');
  return withZip(bytes, async (zip) => {
    const docx = zip.getEntry('word/document.xml');
    if (docx) {
      const xml = (await zip.read(docx)).toString('utf8');
      return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)].map((t) => (t[1] === undefined ? '\n' : unescapeXml(t[1]))).join('')).join('\n');
    }
    const parts: string[] = [];
    const shared = zip.getEntry('xl/sharedStrings.xml');
    if (shared) parts.push(...[...(await zip.read(shared)).toString('utf8').matchAll(/<t(?: [^>]*)?>([^<]*)<\/t>/g)].map((m) => unescapeXml(m[1]!)));
    for (let i = 1; i < 50; i++) {
      const sheet = zip.getEntry(`xl/worksheets/sheet${i}.xml`);
      if (!sheet) break;
      parts.push(...[...(await zip.read(sheet)).toString('utf8').matchAll(/<t(?: [^>]*)?>([^<]*)<\/t>/g)].map((m) => unescapeXml(m[1]!)));
    }
    return parts.join('\n');
  });
}
