declare module 'html-minifier-terser' {
  export function minify(html: string, options?: Record<string, unknown>): Promise<string>;
}
declare module 'clean-css' {
  export default class CleanCSS {
    constructor(options?: Record<string, unknown>);
    minify(css: string): { styles: string; errors: string[]; warnings: string[] };
  }
}
