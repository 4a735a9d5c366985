/** Help (issue 30): the shipped Markdown help, rendered with search. */
export { HelpPage } from './HelpPage.tsx';
export { Markdown, renderMarkdown } from './Markdown.tsx';
