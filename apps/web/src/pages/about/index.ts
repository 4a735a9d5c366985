/** About (issue 30): platform introduction, version, build, licence status, third-party licences. */
export { AboutPage } from './AboutPage.tsx';
