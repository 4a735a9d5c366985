/**
 * Markdown rendered without raw HTML (markdown-it with html off: tags in the
 * source come out as text, and its link validator drops javascript:, vbscript:,
 * file: and non-image data: links), so notice content written by an
 * administrator and the shipped help cannot inject script. Links open in a new tab.
 */
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
const defaultLink = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && !(token.attrGet('href') ?? '').startsWith('#')) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLink(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}

export function Markdown({ source, className, testId }: { source: string; className?: string; testId?: string }) {
  return <div className={`citadel-markdown ${className ?? ''}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />;
}
