/**
 * An in-memory fake query layer for the deliberately vulnerable test app:
 * evaluates the WHERE clause of a string-concatenated query over a few rows,
 * with SQLite-like error messages, AND/OR, `=`, `--` comments and SLEEP(n).
 * Just enough SQL for injection to behave like the real thing; no database.
 */
export class SqlError extends Error {}

type Tok = { t: 'str' | 'num' | 'id' | 'op' | 'kw'; v: string };
export type Row = Record<string, string | number>;

function tokenize(sql: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '-' && sql[i + 1] === '-') break;
    else if (c === "'") {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= sql.length) throw new SqlError(`unrecognized token: "${sql.slice(i, i + 20)}"`);
        if (sql[j] === "'" && sql[j + 1] === "'") {
          s += "'";
          j += 2;
        } else if (sql[j] === "'") break;
        else s += sql[j++];
      }
      out.push({ t: 'str', v: s });
      i = j + 1;
    } else if (/\d/.test(c)) {
      const m = /^\d+/.exec(sql.slice(i))![0];
      out.push({ t: 'num', v: m });
      i += m.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^\w+/.exec(sql.slice(i))![0];
      out.push(/^(and|or)$/i.test(m) ? { t: 'kw', v: m.toUpperCase() } : { t: 'id', v: m });
      i += m.length;
    } else if ('=(),'.includes(c)) {
      out.push({ t: 'op', v: c });
      i++;
    } else throw new SqlError(`near "${c}": syntax error`);
  }
  return out;
}

/** Rows matching `where` (the text after WHERE); `slept` is the largest SLEEP(n) evaluated, in seconds. */
export function select(rows: readonly Row[], where: string): { rows: Row[]; slept: number } {
  const toks = tokenize(where);
  let slept = 0;
  const evalRow = (row: Row): boolean => {
    let i = 0;
    const peek = () => toks[i];
    const fail = (): never => {
      throw new SqlError(`near "${peek()?.v ?? 'end'}": syntax error`);
    };
    const value = (): string | number => {
      const t = toks[i++] ?? fail();
      if (t.t === 'str') return t.v;
      if (t.t === 'num') return Number(t.v);
      if (t.t === 'id' && /^sleep$/i.test(t.v)) {
        if (toks[i]?.v !== '(') fail();
        i++;
        const n = value();
        if (toks[i++]?.v !== ')') fail();
        slept = Math.max(slept, Number(n));
        return 0;
      }
      if (t.t === 'id') return t.v in row ? row[t.v]! : fail();
      return fail();
    };
    const factor = (): boolean => {
      const a = value();
      if (peek()?.v === '=') {
        i++;
        // eslint-disable-next-line eqeqeq -- SQL compares '1' = 1 loosely
        return String(a) === String(value());
      }
      return Boolean(a);
    };
    const term = (): boolean => {
      let r = factor();
      while (peek()?.v === 'AND') {
        i++;
        const f = factor();
        r = r && f;
      }
      return r;
    };
    let r = term();
    while (peek()?.v === 'OR') {
      i++;
      const t = term();
      r = r || t;
    }
    if (i !== toks.length) fail();
    return r;
  };
  return { rows: rows.filter(evalRow), slept };
}
