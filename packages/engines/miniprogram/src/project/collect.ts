/**
 * Adds unpacked files to the project: decodes text under the per-file and
 * whole-project budgets, and splits compiled bundles (app-service.js,
 * game.js …) into their define()d modules so evidence names the source file.
 * The bundle itself stays as a file holding only what lies between modules
 * (module bodies blanked with their newlines kept, so its lines still match).
 */
import { splitDefineModules } from '../formats/index.ts';
import { MAX_FILES, MAX_TEXT_CHARS, MAX_TOTAL_TEXT_CHARS, type MiniProject, type ProjectFile, roleOf } from './model.ts';

const BINARY_PROBE = 8192;

export class ProjectCollector {
  private textChars = 0;
  private full = false;

  constructor(readonly project: MiniProject) {}

  /** An asset listed by name and size only (its content is not analysed). */
  list(pkg: string, rawPath: string, size: number): void {
    if (this.room(pkg)) this.project.files.push({ path: normalise(rawPath), pkg, role: roleOf(rawPath), size, truncated: false });
  }

  add(pkg: string, rawPath: string, bytes: Uint8Array): void {
    const path = normalise(rawPath);
    if (!this.room(pkg)) return;
    const role = roleOf(path);
    const file: ProjectFile = { path, pkg, role, size: bytes.length, truncated: false };
    if (role === 'other' || looksBinary(bytes)) {
      this.project.files.push(file);
      return;
    }
    const take = Math.min(bytes.length, MAX_TEXT_CHARS);
    if (this.textChars + take > MAX_TOTAL_TEXT_CHARS) {
      this.project.unreadable.push({ file: path, reason: 'the project text budget is spent: file not analysed' });
      this.project.files.push(file);
      return;
    }
    this.textChars += take;
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, take).toString('utf8');
    if (take < bytes.length) {
      file.truncated = true;
      this.project.unreadable.push({ file: path, reason: `only the first ${MAX_TEXT_CHARS} of ${bytes.length} bytes were analysed` });
    }
    if (role === 'script') this.addScript(file, text);
    else this.project.files.push({ ...file, text });
  }

  private room(pkg: string): boolean {
    if (this.project.files.length < MAX_FILES) return true;
    if (!this.full) this.project.unreadable.push({ file: pkg, reason: `more than ${MAX_FILES} files: the rest were not analysed` });
    this.full = true;
    return false;
  }

  private addScript(file: ProjectFile, text: string): void {
    const modules = splitDefineModules(text);
    if (modules.length === 0) {
      this.project.files.push({ ...file, text });
      return;
    }
    const rest: string[] = [];
    let last = 0;
    for (const m of modules) {
      if (m.offsetInBundle < last) continue;
      rest.push(text.slice(last, m.offsetInBundle), m.code.replace(/[^\n]+/g, ''));
      last = m.offsetInBundle + m.code.length;
      if (this.project.files.length < MAX_FILES) {
        const path = m.path.replace(/^(?:\.\/|\/)+/, '');
        this.project.files.push({ path, pkg: file.pkg, bundle: file.path, role: roleOf(path) === 'other' ? 'script' : roleOf(path), size: m.code.length, text: m.code, truncated: false });
      }
    }
    rest.push(text.slice(last));
    this.project.files.push({ ...file, text: rest.join('') });
  }
}

function normalise(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\/+/, '');
}

function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, BINARY_PROBE);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}
