import { describe, expect, it } from 'vitest';
import { scanJs } from './scan.ts';
import { stringValue, tokenize, type TokenKind } from './tokenizer.ts';

const kinds = (src: string) => {
  const out: [TokenKind, string][] = [];
  tokenize(src, (k, s, e) => out.push([k, src.slice(s, e)]));
  return out;
};
const WX = { namespaces: new Set(['wx']) };

describe('tokenize', () => {
  it('skips comments, keeps strings, templates, regexes and numbers whole', () => {
    expect(kinds('a = "x // y" // wx.getLocation()\n/* wx.a() */ b(/re\\/g[/]x/g, 1e-3, `t${c}u`)')).toEqual([
      ['ident', 'a'], ['punct', '='], ['string', '"x // y"'], ['ident', 'b'], ['punct', '('], ['regex', '/re\\/g[/]x/g'], ['punct', ','], ['number', '1e-3'], ['punct', ','],
      ['template', '`t${'], ['ident', 'c'], ['template', '}u`'], ['punct', ')'],
    ]);
  });

  it('tells division from regex by the previous token', () => {
    expect(kinds('x = a / b / c').filter(([k]) => k === 'regex')).toEqual([]);
    expect(kinds('return /ab+c/.test(s)')[1]).toEqual(['regex', '/ab+c/']);
  });

  it('survives unterminated strings, comments and templates without throwing', () => {
    for (const src of ['"abc', '/* never closed', '`a${b', "'x\n wx.getLocation()", '/[/', '\\u0041bc']) expect(() => kinds(src)).not.toThrow();
    expect(kinds("'x\nwx.y()").some(([k, v]) => k === 'ident' && v === 'wx')).toBe(true);
  });

  it('decodes string escapes', () => {
    const src = String.raw`"a\x41\u0042\u{43}\n\"q"`;
    expect(stringValue(src, 0, src.length)).toBe('aABC\n"q');
  });
});

describe('scanJs', () => {
  it('finds platform calls in code only, with literal props and launch position', () => {
    const f = scanJs(
      ['// wx.chooseAddress()', 'var s = "wx.getClipboardData()";', 'App({ onLaunch() { wx.getLocation({ type: "gcj02" }) }, onHide: function(){ wx["chooseImage"]() } });', 'wx?.request({ url: "https://a.example.com/x", method: "POST" });'].join('\n'),
      WX,
    );
    expect(f.calls.map((c) => [c.api, c.atLaunch])).toEqual([['getLocation', true], ['chooseImage', false], ['request', false]]);
    expect(f.calls[2]?.props.url?.value).toBe('https://a.example.com/x');
    expect(f.calls[0]?.props.type?.value).toBe('gcj02');
  });

  it('reads minified forms: !0 / !1 booleans, first string arguments, TLS switches', () => {
    const f = scanJs('wx.setEnableDebug({enableDebug:!0});wx.setStorageSync("token",t);o={sslVerify:!1,rejectUnauthorized:false}', WX);
    expect(f.calls[0]?.props.enableDebug).toMatchObject({ kind: 'bool', value: 'true' });
    expect(f.calls[1]?.firstString?.value).toBe('token');
    expect(f.tlsOff.map((t) => t.what)).toEqual(['sslVerify: false', 'rejectUnauthorized: false']);
  });

  it('reports eval and Function but not the "return this" global lookup or obj.eval', () => {
    const f = scanJs('eval(x); new Function("a", "return a"); Function("return this")(); new Function("return this"); obj.eval(1); function eval2(){}; setTimeout("go()", 1); setTimeout(fn, 1);', WX);
    expect(f.dynamicCode.map((d) => d.what)).toEqual(['eval', 'new Function', 'string timer']);
  });

  it('follows a variable holding the namespace, and forgets it when reassigned', () => {
    const f = scanJs('var w = wx, n = 1; w.getLocation({ type: "wgs84" }); const t=wx;t["chooseImage"](); w = other; w.getClipboardData(); let x = wx.getSystemInfoSync(); x.getLocation(); y == wx; y.chooseAddress(); o.k = wx; k.getUserProfile();', WX);
    expect(f.calls.map((c) => [c.ns, c.api])).toEqual([['wx', 'getLocation'], ['wx', 'chooseImage'], ['wx', 'getSystemInfoSync']]);
    expect(f.calls[0]?.props.type?.value).toBe('wgs84');
  });

  it('stays linear and bounded on hostile input', () => {
    const deep = '('.repeat(200_000) + 'wx.getLocation(' + '{'.repeat(100_000);
    const f = scanJs(deep, WX);
    expect(f.calls.length).toBe(1);
    const many = 'wx.a();'.repeat(30_000);
    const g = scanJs(many, WX);
    expect(g.calls.length).toBe(20_000);
    expect(g.capped).toBe(true);
    expect(scanJs('`${'.repeat(10_000), WX).calls).toEqual([]);
  });
});
